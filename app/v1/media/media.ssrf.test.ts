import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChannel } from "@/lib/channels/create-channel";
import { db } from "@/lib/db";
import { TEST_ENV } from "@/scripts/test/env";
import { api, createTestOrg, eventually, SANDBOX_URL, sandbox, type TestOrg } from "@/scripts/test/helpers";
import {
  customerWrites,
  download,
  inboundCustomer,
  inboundNotification,
  postNotification,
  randomDigits,
  sendMessage,
} from "@/scripts/test/inbound-helpers";

/**
 * Issue: a tenant whose channel points at a Graph API it controls made our media copy fetch
 * internal URLs (the sandbox's /_sandbox/app with the app secret, another organization's
 * messages) and read them back through GET /v1/media/{id}. Here the attacker's Graph API and an
 * "internal" service are real servers on loopback; the attacker is one organization, the victim
 * another.
 */
type Seen = { path: string; authorization: string | undefined };
type Fake = { origin: string; seen: Seen[]; server: Server };
type Handler = (path: string, res: ServerResponse) => void;

const FILE = Buffer.from("the attacker's honest little file");
const FILE_SHA = createHash("sha256").update(FILE).digest("hex");
const OTHER_SHA = createHash("sha256").update("something else").digest("hex");
const VICTIM_TEXT = `victim's private words ${randomUUID()}`;
const HUGE = 100 * 1024 * 1024;

async function fakeServer(handler: Handler): Promise<Fake> {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    seen.push({ path, authorization: req.headers.authorization });
    handler(path, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

async function close(fake: Fake): Promise<void> {
  fake.server.closeAllConnections();
  await new Promise((resolve) => fake.server.close(resolve));
}

function answerJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

let internal: Fake;
let graph: Fake;
let attacker: TestOrg & { phoneNumberId: string };
let bytesBeforeCut = 0;

/** What the attacker's Graph API answers for GET /{media-id}: one upstream media id per attack. */
function lookup(id: string): { url: string; sha256?: string } | undefined {
  const own = (file: string) => `${graph.origin}/files/${file}`;
  const table: Record<string, { url: string; sha256?: string }> = {
    "m-good": { url: own("ok"), sha256: FILE_SHA },
    "m-redirect": { url: own("redirect-internal"), sha256: FILE_SHA },
    // as in the reported attack: an empty sha256, which the copy used to take as "nothing to check"
    "m-redirect-victim": { url: own("redirect-victim"), sha256: "" },
    "m-elsewhere": { url: `${internal.origin}/latest/meta-data`, sha256: FILE_SHA },
    "m-no-sha": { url: own("ok") },
    "m-bad-sha": { url: own("ok"), sha256: OTHER_SHA },
    "m-huge": { url: own("huge"), sha256: FILE_SHA },
  };
  return table[id];
}

beforeAll(async () => {
  // stands for anything internal: the sandbox's control API, cloud metadata, another service
  internal = await fakeServer((_, res) => answerJson(res, { app_secret: TEST_ENV.appSecret }));
  graph = await fakeServer((path, res) => {
    const info = lookup(path.replace("/v23.0/", ""));
    if (info) return answerJson(res, { mime_type: "image/jpeg", ...info });
    if (path === "/files/ok") return res.writeHead(200).end(FILE);
    if (path === "/files/redirect-internal")
      return res.writeHead(302, { Location: `${internal.origin}/_sandbox/app` }).end();
    if (path === "/files/redirect-victim")
      return res.writeHead(302, { Location: `${SANDBOX_URL}/_sandbox/messages` }).end();
    if (path === "/files/huge") {
      // declares more than MEDIA_MAX_BYTES (100 MB in the test stack) and keeps sending
      res.writeHead(200, { "Content-Length": String(HUGE + 1) });
      const chunk = Buffer.alloc(64 * 1024, 1);
      const pump = () => {
        while (!res.destroyed && bytesBeforeCut < HUGE) {
          bytesBeforeCut += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
      };
      return pump();
    }
    res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":{"message":"none","code":100}}');
  });

  const org = await createTestOrg();
  const phoneNumberId = randomDigits();
  await createChannel({
    organizationId: org.orgId,
    name: "attacker's channel",
    phoneNumberId,
    wabaId: randomDigits(),
    accessToken: "attacker-token",
    graphUrl: `${graph.origin}/v23.0`,
    throughputPerSecond: 80,
  });
  attacker = { ...org, phoneNumberId };

  // the victim: another organization on the shared sandbox, which sent its customer a message
  const victim = await inboundCustomer();
  await customerWrites(victim, { type: "text", text: { body: "hello" } });
  await eventually(async () => {
    const c = await db().contact.findFirst({ where: { organizationId: victim.orgId, phone: victim.phone } });
    return c?.lastInboundAt;
  });
  const sent = await sendMessage(victim.key, { to: victim.phone, type: "text", text: { body: VICTIM_TEXT } });
  expect(sent.status, sent.text).toBe(200);
  const there = await sandbox(`/_sandbox/messages?phone_number_id=${victim.channel.phoneNumberId}`);
  expect(JSON.stringify(there.body)).toContain(VICTIM_TEXT);
});

afterAll(async () => {
  await close(graph);
  await close(internal);
});

/** The attacker's customer "sends" an image with that upstream media id; answers our media reference. */
async function inboundImage(upstreamId: string): Promise<string> {
  const n = inboundNotification(
    attacker.phoneNumberId,
    { profile: { name: "Mallory" }, wa_id: randomDigits() },
    { type: "image", image: { id: upstreamId, mime_type: "image/jpeg" } },
  );
  const posted = await postNotification(JSON.stringify(n.body));
  expect(posted.status).toBe(200);
  const message = await eventually(() => db().message.findUnique({ where: { whatsappMessageId: n.wamid } }));
  return message.id;
}

/** GET /v1/media/{id} and then its link, as the attacker would read the copy back. */
async function readBack(mediaId: string) {
  const ref = await api(`/v1/media/${mediaId}`, { key: attacker.key });
  expect(ref.status, ref.text).toBe(200);
  return download(ref.body.data.url as string);
}

function expectNoCopy(row: { storedAt: Date | null; storageKey: string | null }) {
  expect(row).toMatchObject({ storedAt: null, storageKey: null });
}

describe("media copy: no SSRF through a tenant's Graph API", () => {
  it("a good file from the channel's own Graph origin is copied (the fake upstream works)", async () => {
    const mediaId = await inboundImage("m-good");
    const res = await readBack(mediaId);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(FILE)).toBe(true);
    const row = await db().media.findUniqueOrThrow({ where: { id: mediaId } });
    expect(row).toMatchObject({ sha256: FILE_SHA, fileSize: FILE.length });
  });

  it("a redirect from the download link is not followed: the internal target is never reached", async () => {
    const mediaId = await inboundImage("m-redirect");
    const res = await readBack(mediaId);
    expect(res.status).toBe(502);
    expect(res.bytes.toString()).not.toContain(TEST_ENV.appSecret);
    expectNoCopy(await db().media.findUniqueOrThrow({ where: { id: mediaId } }));
    expect(graph.seen.some((s) => s.path === "/files/redirect-internal")).toBe(true);
    expect(internal.seen).toEqual([]);
  });

  it("a redirect to the sandbox's record of another organization's messages is not followed", async () => {
    const mediaId = await inboundImage("m-redirect-victim");
    const res = await readBack(mediaId);
    expect(res.status).toBe(502);
    expect(res.bytes.toString()).not.toContain(VICTIM_TEXT);
    expectNoCopy(await db().media.findUniqueOrThrow({ where: { id: mediaId } }));
  });

  it("a download link on another host is refused: the token (and any request) never goes there", async () => {
    const mediaId = await inboundImage("m-elsewhere");
    const res = await readBack(mediaId);
    expect(res.status).toBe(502);
    expect(res.bytes.toString()).not.toContain("metadata");
    expectNoCopy(await db().media.findUniqueOrThrow({ where: { id: mediaId } }));
    // no request at all, so certainly no Authorization header
    expect(internal.seen.filter((s) => s.authorization !== undefined)).toEqual([]);
    expect(internal.seen).toEqual([]);
    // the token went only to the channel's own Graph origin
    expect(graph.seen.every((s) => s.authorization === "Bearer attacker-token")).toBe(true);
  });

  it("a lookup without sha256 fails the copy (nothing is stored)", async () => {
    const mediaId = await inboundImage("m-no-sha");
    expect((await readBack(mediaId)).status).toBe(502);
    expectNoCopy(await db().media.findUniqueOrThrow({ where: { id: mediaId } }));
    const ref = await api(`/v1/media/${mediaId}`, { key: attacker.key });
    expect(ref.body.data).toMatchObject({ sha256: null, file_size: null });
  });

  it("a file that does not match the sha256 fails the copy (nothing is stored)", async () => {
    const mediaId = await inboundImage("m-bad-sha");
    const res = await readBack(mediaId);
    expect(res.status).toBe(502);
    expect(res.bytes.includes(FILE)).toBe(false);
    expectNoCopy(await db().media.findUniqueOrThrow({ where: { id: mediaId } }));
  });

  it("an answer larger than MEDIA_MAX_BYTES is cut off, not buffered", async () => {
    const mediaId = await inboundImage("m-huge");
    expect((await readBack(mediaId)).status).toBe(502);
    expectNoCopy(await db().media.findUniqueOrThrow({ where: { id: mediaId } }));
    // the server was cut off well before it had sent its 100 MB
    expect(bytesBeforeCut).toBeLessThan(HUGE);
  });

  it("the sandbox's control API does not hand out the app secret", async () => {
    const app = await sandbox("/_sandbox/app");
    expect(app.status).toBe(200);
    expect(JSON.stringify(app.body)).not.toContain(TEST_ENV.appSecret);
    expect(app.body).toMatchObject({ app_secret_set: true });
  });
});
