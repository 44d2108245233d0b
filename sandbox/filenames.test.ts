import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
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

async function inboundDocument(filename: string): Promise<string> {
  const before = valuesReceived(h.receiver).length;
  const inbound = await h.call("POST", "/_sandbox/inbound", {
    phone_number_id: PHONE_NUMBER_ID,
    from: "16505551234",
    message: { type: "document", document: { sample: "sample.pdf", filename } },
  });
  expect(inbound.status, JSON.stringify(inbound.body)).toBe(200);
  const value = await waitFor(() =>
    valuesReceived(h.receiver)
      .slice(before)
      .find((v) => v.messages),
  );
  const [message] = value.messages as Array<{ document: { id: string; filename: string } }>;
  if (!message) throw new Error("no message");
  expect(message.document.filename).toBe(filename);
  const info = await h.call("GET", `/v23.0/${message.document.id}`, undefined, TOKEN);
  expect(info.status).toBe(200);
  return (info.body as { url: string }).url;
}

describe("document filenames any customer may send", () => {
  it("a non-Latin-1 name is downloaded with RFC 6266 filename* and an ASCII fallback, and the sandbox lives on", async () => {
    const url = await inboundDocument("文件.pdf");
    const download = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(download.status).toBe(200);
    const disposition = download.headers.get("content-disposition") ?? "";
    expect(disposition).toContain("filename*=UTF-8''%E6%96%87%E4%BB%B6.pdf");
    expect(disposition).toMatch(/filename="[\x20-\x7e]*"/);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // still serving
    expect((await fetch(`${h.sandbox.url}/_sandbox/app`)).status).toBe(200);
  });

  it.each([
    ["quotes and backslashes", 'a"b\\c.pdf'],
    ["an emoji", "report 📄.pdf"],
    ["a line break", "a\r\nSet-Cookie: x=1.pdf"],
    ["a control character", "a\u0000b.pdf"],
  ])("%s: the download answers without crashing the sandbox", async (_, name) => {
    const url = await inboundDocument(name);
    const download = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(download.status).toBeLessThan(600);
    expect(download.headers.get("set-cookie")).toBeNull();
    expect((await fetch(`${h.sandbox.url}/_sandbox/app`)).status).toBe(200);
  });

  it("a malformed percent-escape in a path is a 404, not a crash", async () => {
    const res = await fetch(`${h.sandbox.url}/_sandbox/phone-numbers/%E0%A4%A`, {
      method: "PUT",
      body: "{}",
    });
    expect(res.status).toBe(404);
    expect((await fetch(`${h.sandbox.url}/_sandbox/app`)).status).toBe(200);
  });
});
