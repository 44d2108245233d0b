import { describe, expect, it } from "vitest";
import { api, SANDBOX_URL } from "@/scripts/test/helpers";
import { download, inboundCustomer, inboundMedia, sampleFile } from "@/scripts/test/inbound-helpers";

/**
 * Issue: a document named 文件.pdf made the media download answer 500 (a Content-Disposition with
 * non-Latin-1 characters) and crashed the sandbox. RFC 6266: filename* with an ASCII fallback.
 */
describe("media download of a document with a name in any script", () => {
  it.each([
    ["文件.pdf", "filename*=UTF-8''%E6%96%87%E4%BB%B6.pdf"],
    ["résumé 📄.pdf", "filename*=UTF-8''r%C3%A9sum%C3%A9%20%F0%9F%93%84.pdf"],
  ])("%s → 200, filename* and an ASCII filename", async (name, expected) => {
    const c = await inboundCustomer();
    const sample = await sampleFile("sample.pdf");
    const { mediaId } = await inboundMedia(c, "document", { filename: name });
    const res = await api(`/v1/media/${mediaId}`, { key: c.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.filename).toBe(name);
    const file = await download(res.body.data.url);
    expect(file.status).toBe(200);
    const disposition = file.headers.get("content-disposition") ?? "";
    expect(disposition.startsWith("attachment")).toBe(true);
    expect(disposition).toContain(expected);
    expect(disposition).toMatch(/filename="[\x20-\x7e]+"/);
    expect(file.bytes.equals(sample.bytes)).toBe(true);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    // the sandbox lived through it
    expect((await fetch(`${SANDBOX_URL}/_sandbox/app`)).status).toBe(200);
  });
});
