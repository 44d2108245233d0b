import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TEST_ENV } from "@/scripts/test/env";
import { BASE_URL, createTestOrg, seedContacts } from "@/scripts/test/helpers";

const GZIP = { "accept-encoding": "gzip, deflate, br" };

async function get(path: string, key: string) {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { ...GZIP, authorization: `Bearer ${key}` } });
  const text = await res.text(); // fetch undoes the gzip; the header says whether there was one
  return { res, text };
}

describe("compression of answers", () => {
  it("an answer under 1 KB goes uncompressed with no-transform; a larger one is gzipped", async () => {
    const { key, orgId } = await createTestOrg();

    const small = await get("/v1/contacts?per_page=1", key);
    expect(small.res.status).toBe(200);
    expect(Buffer.byteLength(small.text)).toBeLessThan(1024);
    expect(small.res.headers.get("content-encoding")).toBeNull();
    expect(small.res.headers.get("cache-control")).toBe("no-store, no-transform");

    const missing = await get("/v1/contacts/00000000-0000-4000-8000-000000000000", key);
    expect(missing.res.status).toBe(404);
    expect(missing.res.headers.get("content-encoding")).toBeNull();
    expect(missing.res.headers.get("cache-control")).toBe("no-store, no-transform");

    await seedContacts(
      orgId,
      Array.from({ length: 30 }, (_, i) => ({ name: `Customer ${i}`, email: `c${i}@example.com` })),
    );
    const large = await get("/v1/contacts?per_page=30", key);
    expect(large.res.status).toBe(200);
    expect(Buffer.byteLength(large.text)).toBeGreaterThan(1024);
    expect(large.res.headers.get("content-encoding")).toBe("gzip");
    expect(large.res.headers.get("cache-control")).toBe("no-store");
  });

  it("the upstream receiver's acknowledgement goes uncompressed", async () => {
    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
    const signature = `sha256=${createHmac("sha256", TEST_ENV.appSecret).update(body).digest("hex")}`;
    const res = await fetch(`${BASE_URL}/webhooks/whatsapp`, {
      method: "POST",
      headers: { ...GZIP, "content-type": "application/json", "x-hub-signature-256": signature },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("EVENT_RECEIVED");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-store, no-transform");
  });
});
