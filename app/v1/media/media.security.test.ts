import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { signedMediaUrl } from "@/lib/media/signed-url";
import { addKey, api, createTestOrg, expectError } from "@/scripts/test/helpers";
import { download, inboundCustomer, inboundMedia } from "@/scripts/test/inbound-helpers";

/** An inbound image of a new organization, copied, and a fresh signed link to it. */
async function mediaWithLink() {
  const c = await inboundCustomer();
  const { mediaId } = await inboundMedia(c, "image");
  const res = await api(`/v1/media/${mediaId}`, { key: c.key });
  expect(res.status, res.text).toBe(200);
  return { c, mediaId, url: new URL(res.body.data.url as string) };
}

function withParam(url: URL, name: string, value: string | null): string {
  const copy = new URL(url);
  if (value === null) copy.searchParams.delete(name);
  else copy.searchParams.set(name, value);
  return copy.toString();
}

describe("signed download links", () => {
  it("a tampered signature → 403 with no bytes", async () => {
    const { url } = await mediaWithLink();
    const sig = url.searchParams.get("signature") ?? "";
    const flipped = `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    const res = await download(withParam(url, "signature", flipped));
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).not.toMatch(/^image\//);
  });

  it("an expiry moved later with the original signature → 403", async () => {
    const { url } = await mediaWithLink();
    const later = String(Number(url.searchParams.get("expires")) + 3600);
    expect((await download(withParam(url, "expires", later))).status).toBe(403);
  });

  it("an expired link, correctly signed → 403", async () => {
    const { mediaId } = await mediaWithLink();
    const { url, expiresAt } = signedMediaUrl(mediaId, Date.now() - 10 * 60_000);
    expect(expiresAt.getTime()).toBeLessThan(Date.now());
    expect((await download(url)).status).toBe(403);
  });

  it("a link signed for one media id does not open another → 403", async () => {
    const a = await mediaWithLink();
    const b = await mediaWithLink();
    const swapped = new URL(a.url);
    swapped.pathname = `/media/${b.mediaId}`;
    expect((await download(swapped.toString())).status).toBe(403);
  });

  it.each([
    ["no signature", "signature"],
    ["no expiry", "expires"],
  ])("%s → 403", async (_, param) => {
    const { url } = await mediaWithLink();
    expect((await download(withParam(url, param, null))).status).toBe(403);
  });

  it("a non-numeric expiry → 403", async () => {
    const { url } = await mediaWithLink();
    expect((await download(withParam(url, "expires", "9999999999abc"))).status).toBe(403);
  });
});

describe("GET /v1/media/{id}: who may exchange a reference", () => {
  it("another organization's key → 404 RESOURCE_NOT_FOUND, and no link in the answer", async () => {
    const { mediaId } = await mediaWithLink();
    const other = await createTestOrg();
    const res = await api(`/v1/media/${mediaId}`, { key: other.key });
    expectError(res, 404, "RESOURCE_NOT_FOUND");
    expect(res.text).not.toContain("/media/");
  });

  it("a key without whatsapp:send → 403 AUTH_INSUFFICIENT_SCOPE", async () => {
    const { c, mediaId } = await mediaWithLink();
    const { key } = await addKey(c.orgId, {
      scopes: ["contacts:read", "whatsapp:templates", "webhooks:manage"],
    });
    const res = await api(`/v1/media/${mediaId}`, { key });
    expectError(res, 403, "AUTH_INSUFFICIENT_SCOPE");
    expect(res.text).not.toContain("signature=");
  });

  it("no key → 401 AUTH_MISSING_KEY", async () => {
    const { mediaId } = await mediaWithLink();
    expectError(await api(`/v1/media/${mediaId}`), 401, "AUTH_MISSING_KEY");
  });

  it.each([
    ["a non-UUID id", "not-a-uuid"],
    ["a numeric upstream-style id", "1234567890123456"],
    ["an unknown UUID", randomUUID()],
  ])("%s → 404 RESOURCE_NOT_FOUND", async (_, id) => {
    const { key } = await createTestOrg();
    expectError(await api(`/v1/media/${id}`, { key }), 404, "RESOURCE_NOT_FOUND");
  });

  it("the upstream's own media id is not a reference of ours → 404", async () => {
    const { c, mediaId } = await mediaWithLink();
    const row = await db().media.findUniqueOrThrow({ where: { id: mediaId } });
    expectError(await api(`/v1/media/${row.upstreamId}`, { key: c.key }), 404, "RESOURCE_NOT_FOUND");
  });

  it("only GET: POST → 405 METHOD_NOT_ALLOWED", async () => {
    const { c, mediaId } = await mediaWithLink();
    const res = await api(`/v1/media/${mediaId}`, { key: c.key, method: "POST", body: {} });
    expectError(res, 405, "METHOD_NOT_ALLOWED");
    expect(res.headers.get("allow")).toBe("GET");
  });
});
