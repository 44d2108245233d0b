import type { Job } from "bullmq";
import { describe, expect, it } from "vitest";
import type { ThreadJson, ThreadMessageJson } from "@/lib/conversations/conversation-schemas";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { eventually } from "@/scripts/test/helpers";
import {
  customerWrites,
  download,
  type InboundCustomer,
  inboundCustomer,
  inboundEvent,
  inboundMedia,
  inboundNotification,
  postNotification,
  randomDigits,
} from "@/scripts/test/inbound-helpers";
import { processMedia } from "@/worker/media";

async function signedIn(role: "owner" | "agent", orgId: string): Promise<string> {
  const staff = await createStaff(role, orgId);
  const { cookie } = await signInWithPassword(staff.email, staff.password);
  if (!cookie) throw new Error(`${role} could not sign in`);
  return cookie;
}

async function thread(cookie: string, conversationId: string) {
  const res = await dashboardCall(cookie, `/api/dashboard/conversations/${conversationId}`);
  return {
    status: res.status,
    thread: res.body.data as ThreadJson | undefined,
    text: JSON.stringify(res.body),
  };
}

function messageOf(t: ThreadJson | undefined, id: string): ThreadMessageJson {
  const m = t?.messages.find((x) => x.id === id);
  if (!m) throw new Error(`message ${id} not in the thread`);
  return m;
}

const conversationOf = async (messageId: string) =>
  (await db().message.findUniqueOrThrow({ where: { id: messageId } })).conversationId as string;

const SIGNED_PATH = /^\/media\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/;

describe("the thread's media: a same-origin signed link to our copy, with type, size and name", () => {
  it("an inbound image and document: owner and agent get a link that serves our copy", async () => {
    const c = await inboundCustomer();
    const image = await inboundMedia(c, "image", { caption: "the receipt" });
    const doc = await inboundMedia(c, "document", { sample: "sample.pdf", filename: "Invoice März.pdf" });
    const conversationId = await conversationOf(image.mediaId);
    for (const role of ["owner", "agent"] as const) {
      const { status, thread: t } = await thread(await signedIn(role, c.orgId), conversationId);
      expect(status).toBe(200);

      const img = messageOf(t, image.mediaId);
      expect(img.content).toMatchObject({ kind: "media", media: "image", caption: "the receipt" });
      expect(img.media).toMatchObject({
        state: "ready",
        mime_type: image.stored.mimeType,
        file_size: image.stored.fileSize,
      });
      expect(img.media?.url).toMatch(SIGNED_PATH);
      expect(img.media?.url?.startsWith(`/media/${image.mediaId}?`)).toBe(true);
      const got = await download(`http://x${img.media?.url}`);
      expect(got.status).toBe(200);
      expect(got.headers.get("content-type")).toBe(image.stored.mimeType);
      expect(got.bytes.length).toBe(image.stored.fileSize);

      const pdf = messageOf(t, doc.mediaId);
      expect(pdf.media).toMatchObject({
        state: "ready",
        mime_type: "application/pdf",
        filename: "Invoice März.pdf",
        file_size: doc.stored.fileSize,
      });
      const file = await download(`http://x${pdf.media?.url}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toMatch(
        /^attachment;.*filename\*=UTF-8''Invoice%20M%C3%A4rz\.pdf/,
      );
    }
  });

  it("a place and a sticker: the location has no file, the sticker has its link", async () => {
    const c = await inboundCustomer();
    const placeId = (
      await inboundEvent(
        c.orgId,
        await customerWrites(c, {
          type: "location",
          location: { latitude: 52.52, longitude: 13.405, name: "Shop", address: "Main St 1" },
        }),
      )
    ).messageId as string;
    const stickerId = (await inboundEvent(c.orgId, await customerWrites(c, { type: "sticker", sticker: {} })))
      .messageId as string;
    await eventually(async () => (await db().media.findUnique({ where: { id: stickerId } }))?.storedAt);
    const { thread: t } = await thread(await signedIn("agent", c.orgId), await conversationOf(placeId));
    const place = messageOf(t, placeId);
    expect(place.content).toEqual({
      kind: "location",
      latitude: 52.52,
      longitude: 13.405,
      name: "Shop",
      address: "Main St 1",
    });
    expect(place.media).toBeNull();
    const sticker = messageOf(t, stickerId);
    expect(sticker.media).toMatchObject({ state: "ready", mime_type: "image/webp" });
    expect(sticker.media?.url).toMatch(SIGNED_PATH);
  });

  it("not copied yet: 'downloading' with no link; after the worker's last attempt fails: 'failed'", async () => {
    const c: InboundCustomer = await inboundCustomer();
    // an upstream media id the sandbox does not know: every copy fails
    const n = inboundNotification(
      c.channel.phoneNumberId,
      { profile: { name: "Ana" }, wa_id: randomDigits() },
      { type: "image", image: { id: "unknown-media-id", mime_type: "image/jpeg" } },
    );
    expect((await postNotification(JSON.stringify(n.body))).status).toBe(200);
    const message = await eventually(() =>
      db().message.findUnique({ where: { whatsappMessageId: n.wamid } }),
    );
    const owner = await signedIn("owner", c.orgId);

    const before = messageOf((await thread(owner, message.conversationId as string)).thread, message.id);
    expect(before.media).toEqual({
      state: "downloading",
      url: null,
      mime_type: "image/jpeg",
      file_size: null,
      filename: null,
    });

    // the worker's last attempt (as BullMQ runs it: attemptsMade counts the failed ones before)
    const last = {
      data: { organizationId: c.orgId, mediaId: message.id },
      attemptsMade: 7,
      opts: { attempts: 8 },
    } as unknown as Job;
    await expect(processMedia(last)).rejects.toThrow();
    const after = messageOf((await thread(owner, message.conversationId as string)).thread, message.id);
    expect(after.media).toMatchObject({ state: "failed", url: null });
  });

  it("another organization's staff get 404 and no link; a tampered signature is refused", async () => {
    const c = await inboundCustomer();
    const image = await inboundMedia(c, "image");
    const conversationId = await conversationOf(image.mediaId);
    const other = await createStaff("owner");
    const { cookie } = await signInWithPassword(other.email, other.password);
    const theirs = await thread(cookie as string, conversationId);
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain("/media/");

    const url = messageOf(
      (await thread(await signedIn("owner", c.orgId), conversationId)).thread,
      image.mediaId,
    ).media?.url as string;
    const u = new URL(`http://x${url}`);
    const sig = u.searchParams.get("signature") ?? "";
    u.searchParams.set("signature", `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`);
    const tampered = await download(u.toString());
    expect(tampered.status).toBe(403);
    expect(tampered.headers.get("content-type")).not.toMatch(/^image\//);
  });
});
