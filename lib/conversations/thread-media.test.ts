import { describe, expect, it } from "vitest";
import { toContentView } from "@/lib/conversations/message-view";
import { threadMedia } from "@/lib/conversations/thread-media";
import type { Media } from "@/lib/generated/prisma/client.ts";

const ID = "0b6f2c1e-55a4-4f3e-a1d2-7c9e8b4a3f10";
const row = (over: Partial<Media> = {}): Media => ({
  id: ID,
  organizationId: "9d8c7b6a-1234-4abc-9def-0123456789ab",
  upstreamId: "123",
  mimeType: "image/jpeg",
  filename: null,
  fileSize: null,
  sha256: null,
  storageKey: null,
  storedAt: null,
  copyFailedAt: null,
  createdAt: new Date(),
  ...over,
});
const inboundImage = toContentView("image", { image: { id: ID, mime_type: "image/jpeg", caption: "hi" } });

describe("threadMedia", () => {
  it("a stored copy: ready, a same-origin signed path, its size", () => {
    const stored = row({ storageKey: `o/${ID}`, storedAt: new Date(), fileSize: 1234 });
    const m = threadMedia(inboundImage, stored, false);
    expect(m).toMatchObject({ state: "ready", mime_type: "image/jpeg", file_size: 1234, filename: null });
    expect(m?.url).toMatch(new RegExp(`^/media/${ID}\\?expires=\\d+&signature=`));
  });

  it("not copied yet: downloading; given up: failed; neither has a link", () => {
    expect(threadMedia(inboundImage, row(), false)).toMatchObject({ state: "downloading", url: null });
    expect(threadMedia(inboundImage, row({ copyFailedAt: new Date() }), false)).toMatchObject({
      state: "failed",
      url: null,
    });
  });

  it("an outbound file sent by its link: the link as sent; a link that is not http(s): nothing", () => {
    const sent = (link: string) =>
      toContentView("file", { request: { document: { link, filename: "a.pdf" } }, cloud: {} });
    expect(threadMedia(sent("https://cdn.test/a.pdf"), null, false)).toEqual({
      state: "link",
      url: "https://cdn.test/a.pdf",
      mime_type: null,
      file_size: null,
      filename: "a.pdf",
    });
    expect(threadMedia(sent("javascript:alert(1)"), null, false)).toBeNull();
  });

  it("deleted for everyone, or not a media message: no file", () => {
    const stored = row({ storageKey: `o/${ID}`, storedAt: new Date() });
    expect(threadMedia(inboundImage, stored, true)).toBeNull();
    expect(threadMedia(toContentView("text", { text: "x" }), null, false)).toBeNull();
  });
});
