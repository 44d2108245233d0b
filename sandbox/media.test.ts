import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  graphErrorOf,
  type Harness,
  PHONE_NUMBER_ID,
  startHarness,
  TOKEN,
  valuesReceived,
  waitFor,
} from "@/sandbox/test-support";

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    enforce_window: false,
    status_delays_ms: { sent: null, delivered: null, read: null },
  });
});
afterAll(() => h.close());

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/photo.jpg`;
}

const MAGIC: Array<[string, string, string]> = [
  ["sample.jpg", "image/jpeg", "ffd8ff"],
  ["sample.png", "image/png", "89504e470d0a1a0a"],
  ["sample.pdf", "application/pdf", Buffer.from("%PDF-").toString("hex")],
  ["sample.ogg", "audio/ogg", Buffer.from("OggS").toString("hex")],
  ["sample.mp4", "video/mp4", Buffer.from("ftyp").toString("hex")],
];

describe("sample media", () => {
  for (const [name, type, magic] of MAGIC) {
    it(`serves ${name} as ${type}, a real file under 10 KB`, async () => {
      const response = await fetch(`${h.sandbox.url}/_sandbox/media/${name}`);
      expect(response.headers.get("content-type")).toBe(type);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBeLessThan(10 * 1024);
      expect(bytes.toString("hex")).toContain(magic);
    });
  }
});

describe("media links are fetched before the send is accepted (131053)", () => {
  it("refuses a link to a closed port", async () => {
    const answer = await h.send({ type: "image", image: { link: await closedPortUrl() } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: {
        message: "(#131053) Media upload error",
        code: 131053,
        error_data: { details: expect.stringContaining("failed") },
      },
    });
  });

  it("refuses a link that answers 404", async () => {
    const answer = await h.send({
      type: "document",
      document: { link: `${h.sandbox.url}/_sandbox/media/nothing.pdf` },
    });
    expect(graphErrorOf(answer).error_data?.details).toContain("http code 404");
  });

  it("refuses a link whose content type does not fit the message type", async () => {
    const answer = await h.send({
      type: "image",
      image: { link: `${h.sandbox.url}/_sandbox/media/sample.pdf` },
    });
    expect(graphErrorOf(answer).code).toBe(131053);
  });

  it("times out a link that does not answer", async () => {
    await h.call("PUT", "/_sandbox/app", { media_fetch_timeout_ms: 200 });
    const slow = createServer(() => undefined);
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", () => resolve()));
    const { port } = slow.address() as AddressInfo;
    const answer = await h.send({ type: "video", video: { link: `http://127.0.0.1:${port}/v.mp4` } });
    expect(graphErrorOf(answer).error_data?.details).toContain("timed out");
    slow.closeAllConnections();
    slow.close();
    await h.call("PUT", "/_sandbox/app", { media_fetch_timeout_ms: 5000 });
  });

  it("checks template header media too", async () => {
    await h.call("PUT", "/_sandbox/templates/102290129340398", {
      data: [
        {
          name: "with_image",
          language: "en",
          status: "APPROVED",
          category: "MARKETING",
          components: [
            { type: "HEADER", format: "IMAGE" },
            { type: "BODY", text: "Hi" },
          ],
        },
      ],
    });
    const answer = await h.send({
      type: "template",
      template: {
        name: "with_image",
        language: { code: "en" },
        components: [
          { type: "header", parameters: [{ type: "image", image: { link: await closedPortUrl() } }] },
        ],
      },
    });
    expect(graphErrorOf(answer).code).toBe(131053);
  });
});

describe("inbound media: GET /{media_id} and the download", () => {
  it("registers the media of an inbound message, answers its URL and serves it behind the token", async () => {
    const inbound = await h.call("POST", "/_sandbox/inbound", {
      phone_number_id: PHONE_NUMBER_ID,
      from: "16505551234",
      message: { type: "image", image: { caption: "look", sample: "sample.png" } },
    });
    expect(inbound.status).toBe(200);
    const value = await waitFor(() => valuesReceived(h.receiver).find((v) => v.messages !== undefined));
    const [message] = value.messages as Array<{
      image: { id: string; sha256: string; mime_type: string; caption: string };
    }>;
    if (!message) throw new Error("no message");
    expect(message.image).toMatchObject({
      mime_type: "image/png",
      caption: "look",
      id: expect.stringMatching(/^\d{16}$/),
    });

    const info = await h.call(
      "GET",
      `/v23.0/${message.image.id}?phone_number_id=${PHONE_NUMBER_ID}`,
      undefined,
      TOKEN,
    );
    const sample = Buffer.from(
      await (await fetch(`${h.sandbox.url}/_sandbox/media/sample.png`)).arrayBuffer(),
    );
    expect(info.body).toEqual({
      messaging_product: "whatsapp",
      url: expect.stringContaining("/whatsapp_business/attachments/?mid="),
      mime_type: "image/png",
      sha256: createHash("sha256").update(sample).digest("hex"),
      file_size: sample.length,
      id: message.image.id,
    });
    expect(message.image.sha256).toBe(createHash("sha256").update(sample).digest("base64"));

    const url = (info.body as { url: string }).url;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    const download = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await download.arrayBuffer()).equals(sample)).toBe(true);
    expect(
      (await fetch(url.replace("hash=", "hash=x"), { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(404);
  });

  it("answers 190 for a wrong token and 100/33 for an unknown media id", async () => {
    expect((await h.call("GET", "/v23.0/1234567890123456", undefined, "wrong")).status).toBe(401);
    const unknown = await h.call("GET", "/v23.0/1234567890123456", undefined, TOKEN);
    expect(unknown.body).toMatchObject({ error: { code: 100, error_subcode: 33 } });
  });
});
