import { parse as parseContentDisposition } from "content-disposition";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, BASE_URL, eventually } from "@/scripts/test/helpers";
import { download, inboundCustomer, inboundMedia, sampleFile, UUID_RE } from "@/scripts/test/inbound-helpers";

const HEX64 = /^[0-9a-f]{64}$/;

describe("inbound media is copied into our storage", () => {
  it("an inbound image → the Media row has storedAt, file_size and the hex SHA-256 of the sandbox's file", async () => {
    const c = await inboundCustomer();
    const sample = await sampleFile("sample.jpg");
    const { stored } = await inboundMedia(c, "image", { caption: "receipt" });
    expect(stored).toMatchObject({
      organizationId: c.orgId,
      mimeType: "image/jpeg",
      fileSize: sample.bytes.length,
      sha256: sample.sha256,
    });
    expect(stored.storageKey).toBeTruthy();
  });

  it.each([
    ["audio", "sample.ogg", "audio/ogg"],
    ["video", "sample.mp4", "video/mp4"],
    ["document", "sample.pdf", "application/pdf"],
  ] as const)("%s → copied with size and hash of %s", async (type, file, mime) => {
    const c = await inboundCustomer();
    const sample = await sampleFile(file);
    const { stored } = await inboundMedia(c, type);
    expect(stored).toMatchObject({ mimeType: mime, fileSize: sample.bytes.length, sha256: sample.sha256 });
  });
});

describe("GET /v1/media/{id}", () => {
  it("answers {id, mime_type, file_size, sha256, url, expires_at}; the url streams the exact bytes", async () => {
    const c = await inboundCustomer();
    const sample = await sampleFile("sample.jpg");
    const { mediaId } = await inboundMedia(c, "image");
    const before = Date.now();
    const res = await api(`/v1/media/${mediaId}`, { key: c.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.success).toBe(true);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(["expires_at", "file_size", "id", "mime_type", "sha256", "url"]);
    expect(data).toMatchObject({
      id: mediaId,
      mime_type: "image/jpeg",
      file_size: sample.bytes.length,
      sha256: sample.sha256,
    });
    expect(data.id).toMatch(UUID_RE);
    expect(data.sha256).toMatch(HEX64);
    expect(data.url.startsWith(`${BASE_URL}/media/${mediaId}?`)).toBe(true);
    const expires = new Date(data.expires_at).getTime();
    expect(new Date(data.expires_at).toISOString()).toBe(data.expires_at);
    // short-lived: minutes, not hours
    expect(expires).toBeGreaterThan(before);
    expect(expires).toBeLessThanOrEqual(before + 15 * 60_000);
    expect(res.headers.get("x-request-id")).toBeTruthy();

    const file = await fetch(data.url);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(bytes.equals(sample.bytes)).toBe(true);
  });

  it("a document also carries its filename, and the download names it", async () => {
    const c = await inboundCustomer();
    const sample = await sampleFile("sample.pdf");
    const { mediaId } = await inboundMedia(c, "document", { filename: "contract-2024.pdf" });
    const res = await api(`/v1/media/${mediaId}`, { key: c.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      id: mediaId,
      mime_type: "application/pdf",
      filename: "contract-2024.pdf",
      file_size: sample.bytes.length,
      sha256: sample.sha256,
    });
    const file = await download(res.body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    // RFC 6266 (quoted or token form, as the content-disposition package writes it)
    expect(parseContentDisposition(file.headers.get("content-disposition") ?? "")).toEqual({
      type: "attachment",
      parameters: { filename: "contract-2024.pdf" },
    });
    expect(file.bytes.equals(sample.bytes)).toBe(true);
  });

  it("a link of a file not copied yet still streams the bytes (fetched from the upstream on demand)", async () => {
    const c = await inboundCustomer();
    const sample = await sampleFile("sample.png");
    const { mediaId } = await inboundMedia(c, "image", { sample: "sample.png" });
    // as if the worker had not copied it (yet)
    await db().media.update({
      where: { id: mediaId },
      data: { storedAt: null, storageKey: null, fileSize: null, sha256: null },
    });
    const res = await api(`/v1/media/${mediaId}`, { key: c.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      id: mediaId,
      mime_type: "image/png",
      file_size: null,
      sha256: null,
    });

    const file = await download(res.body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.bytes.equals(sample.bytes)).toBe(true);
    const row = await eventually(() =>
      db()
        .media.findUnique({ where: { id: mediaId } })
        .then((m) => m?.storedAt && m),
    );
    expect(row).toMatchObject({ fileSize: sample.bytes.length, sha256: sample.sha256 });
  });

  it("a link can be fetched more than once while it is valid", async () => {
    const c = await inboundCustomer();
    const { mediaId } = await inboundMedia(c, "audio");
    const res = await api(`/v1/media/${mediaId}`, { key: c.key });
    const first = await download(res.body.data.url);
    const second = await download(res.body.data.url);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });
});
