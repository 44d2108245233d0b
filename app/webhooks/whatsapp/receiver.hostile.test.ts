import { createHmac, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { TEST_ENV } from "@/scripts/test/env";
import {
  envelope,
  inboundCustomer,
  inboundEvent,
  inboundNotification,
  notificationRows,
  postNotification,
} from "@/scripts/test/inbound-helpers";
import { rawRequest, streamBody } from "@/scripts/test/raw-http";

const MiB = 1024 * 1024;
const HUGE = 300 * MiB;

async function storedRows(marker: string) {
  return db().$queryRaw<{ payload: unknown; raw: Buffer | null; error: string | null; processed: boolean }[]>`
    SELECT payload, raw, error, processed_at IS NOT NULL AS processed FROM upstream_notifications
    WHERE payload::text LIKE ${`%${marker}%`} OR position(convert_to(${marker}, 'UTF8') in raw) > 0`;
}

describe("POST /webhooks/whatsapp: bounded body, read before the signature is checked", () => {
  it.each([
    ["Content-Length: 300 MB", { chunked: false, announce: HUGE, sendBytes: 0 }],
    ["a chunked body streamed past 3 MiB", { chunked: true, sendBytes: 3 * MiB + 1 }],
  ])(
    "unsigned, %s → 413 PAYLOAD_TOO_LARGE before the signature is looked at, connection closed",
    async (_, shape) => {
      const res = await streamBody("/webhooks/whatsapp", {
        ...shape,
        headers: { "content-type": "application/json", "x-hub-signature-256": `sha256=${"0".repeat(64)}` },
      });
      expect(res.status, res.answer.slice(0, 300)).toBe(413);
      expect(res.body).toEqual({
        success: false,
        error: { code: "PAYLOAD_TOO_LARGE", message: expect.any(String), details: { limit_bytes: 3 * MiB } },
      });
      expect(res.answer).toMatch(/\r\nconnection: close\r\n/i);
    },
  );

  it("a signed notification of 2.5 MB (a large batch) is under the limit → 200", async () => {
    const marker = randomUUID();
    const padding = "x".repeat(2.5 * MiB);
    const raw = JSON.stringify({ ...envelope(marker, { statuses: [] }), padding });
    const res = await postNotification(raw);
    expect(res.status, res.text).toBe(200);
    expect((await notificationRows(marker)).stored).toBe(1);
  });

  it("refusals are the error envelope: no signature 401, a wrong one 401, not JSON 400, PUT 405", async () => {
    const raw = JSON.stringify(envelope(randomUUID(), { statuses: [] }));
    const cases = [
      { res: await postNotification(raw, { signature: null }), status: 401, code: "AUTH_MISSING_KEY" },
      { res: await postNotification(raw, { signature: "sha256=00" }), status: 401, code: "AUTH_INVALID_KEY" },
      { res: await postNotification("{not json"), status: 400, code: "VALIDATION_ERROR" },
      { res: await postNotification("[1,2]"), status: 400, code: "VALIDATION_ERROR" },
    ];
    for (const { res, status, code } of cases) {
      expect({ status: res.status, code: JSON.parse(res.text).error.code }).toEqual({ status, code });
    }
    const put = await rawRequest({ method: "PUT", path: "/webhooks/whatsapp", body: raw });
    expect({ status: put.status, code: put.body?.error?.code, allow: put.headers.allow }).toEqual({
      status: 405,
      code: "METHOD_NOT_ALLOWED",
      allow: "GET, POST",
    });
  });
});

describe("poisoned notifications: stored raw, acknowledged once, mapped with U+FFFD", () => {
  it("NUL and lone surrogates in a signed notification → 200, raw bytes kept, contact/message/event with U+FFFD", async () => {
    const c = await inboundCustomer();
    const { wamid, body } = inboundNotification(
      c.channel.phoneNumberId,
      { profile: { name: "Nul\u0000Name" }, wa_id: c.from },
      { from: c.from, type: "text", text: { body: "half \ud800 pair, lone \udc00 low, nul \u0000 end 👋" } },
    );
    const raw = JSON.stringify(body);
    // JSON.stringify writes these as escapes, exactly what PostgreSQL's jsonb refuses
    expect(raw).toContain("\\u0000");
    expect(raw).toContain("\\ud800");

    const res = await postNotification(raw);
    expect(res.status, res.text).toBe(200);
    // a second delivery of the same bytes is acknowledged as well (it used to be 503 forever)
    expect((await postNotification(raw)).status).toBe(200);

    const data = await inboundEvent(c.orgId, wamid);
    expect(data.content).toEqual({ text: "half \uFFFD pair, lone \uFFFD low, nul \uFFFD end 👋" });
    expect(data.sender.name).toBe("Nul\uFFFDName");
    const message = await db().message.findUniqueOrThrow({ where: { whatsappMessageId: wamid } });
    expect(message.content).toEqual({ text: "half \uFFFD pair, lone \uFFFD low, nul \uFFFD end 👋" });
    const contact = await db().contact.findFirstOrThrow({
      where: { organizationId: c.orgId, phone: c.phone },
    });
    expect(contact.name).toBe("Nul\uFFFDName");

    const rows = await storedRows(wamid);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows) {
      expect(Buffer.from(row.raw ?? []).toString("utf8")).toBe(raw);
      expect(JSON.stringify(row.payload)).not.toMatch(/\\u0000|\\ud800|\\udc00/);
    }
  });

  it("a signed notification nested 20,000 deep → 200, kept raw only and marked processed with the reason", async () => {
    const marker = randomUUID();
    const raw = `{"object":"whatsapp_business_account","marker":"${marker}","entry":${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
    const res = await postNotification(raw);
    expect(res.status, res.text).toBe(200);
    const rows = await storedRows(marker);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(Buffer.from(row?.raw ?? []).toString("utf8")).toBe(raw);
    expect(row?.processed).toBe(true);
    expect(row?.error).toMatch(/nested deeper than 64/);
    // the signature check and storage never hit a recursion limit: the receiver still works
    const next = inboundNotification(
      randomUUID(),
      { wa_id: "1555" },
      { from: "1555", type: "text", text: { body: "ok" } },
    );
    const ok = await postNotification(JSON.stringify(next.body));
    expect(ok.status).toBe(200);
  });

  it("invalid UTF-8 bytes in a signed body → 200, the exact bytes kept, the text mapped with U+FFFD", async () => {
    const marker = randomUUID();
    const head = Buffer.from(`{"object":"whatsapp_business_account","marker":"${marker}","x":"`);
    const raw = Buffer.concat([head, Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    const signed = await rawRequest({
      method: "POST",
      path: "/webhooks/whatsapp",
      body: raw,
      headers: { "content-type": "application/json", "x-hub-signature-256": signBytes(raw) },
    });
    expect(signed.status, signed.text).toBe(200);
    const rows = await storedRows(marker);
    expect(rows.some((r) => Buffer.from(r.raw ?? []).equals(raw))).toBe(true);
  });
});

function signBytes(raw: Buffer): string {
  return `sha256=${createHmac("sha256", TEST_ENV.appSecret).update(raw).digest("hex")}`;
}
