import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestOrg, expectError, randomPhone } from "@/scripts/test/helpers";

/** Idempotency-Key on POST (design.md: same key and body → stored answer; other body → 409). */

function post(key: string, idempotencyKey: string, body: unknown) {
  return api("/v1/contacts", { method: "POST", key, body, headers: { "idempotency-key": idempotencyKey } });
}

describe("Idempotency-Key on POST /v1/contacts", () => {
  it("same key and body → the same status and body again, marked replayed; one row", async () => {
    const { key, orgId } = await createTestOrg();
    const ik = randomUUID();
    const body = { phone: randomPhone(), name: "Once Only", tags: ["x"] };
    const first = await post(key, ik, body);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const second = await post(key, ik, body);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.headers.get("x-request-id")).toBeTruthy();
    expect(second.headers.get("x-ratelimit-limit")).toBeTruthy();

    const third = await post(key, ik, body);
    expect(third.body).toEqual(first.body);
    expect(await db().contact.count({ where: { organizationId: orgId } })).toBe(1);
    expect(await db().event.count({ where: { organizationId: orgId } })).toBe(1);
    expect(await db().idempotencyKey.count({ where: { organizationId: orgId, key: ik } })).toBe(1);
  });

  it("without Idempotency-Key a repeat is a new request (409 for the same phone)", async () => {
    const { key } = await createTestOrg();
    const body = { phone: randomPhone() };
    expect((await api("/v1/contacts", { method: "POST", key, body })).status).toBe(201);
    expectError(await api("/v1/contacts", { method: "POST", key, body }), 409, "RESOURCE_ALREADY_EXISTS");
  });

  it("same key with another body → 409 IDEMPOTENCY_KEY_REUSED, nothing created", async () => {
    const { key, orgId } = await createTestOrg();
    const ik = randomUUID();
    expect((await post(key, ik, { phone: randomPhone() })).status).toBe(201);
    const other = await post(key, ik, { phone: randomPhone() });
    expectError(other, 409, "IDEMPOTENCY_KEY_REUSED");
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect(await db().contact.count({ where: { organizationId: orgId } })).toBe(1);
  });

  it("keys are per organization: B may use A's key string for its own request", async () => {
    const a = await createTestOrg();
    const b = await createTestOrg();
    const ik = `shared-${randomUUID()}`;
    const phone = randomPhone();
    const inA = await post(a.key, ik, { phone });
    const inB = await post(b.key, ik, { phone });
    expect([inA.status, inB.status]).toEqual([201, 201]);
    expect(inB.headers.get("idempotent-replayed")).toBeNull();
    expect(inB.body.data.id).not.toBe(inA.body.data.id);
    const otherBody = await post(b.key, `${ik}-2`, { phone: randomPhone() });
    expect(otherBody.status).toBe(201);
    expect(await db().contact.count({ where: { organizationId: b.orgId } })).toBe(2);
  });

  it("a 4xx answer is stored and replayed as the same 4xx", async () => {
    const { key, orgId } = await createTestOrg();
    const ik = randomUUID();
    const body = { phone: "0612345678" };
    const first = await post(key, ik, body);
    expectError(first, 400, "VALIDATION_INVALID_PHONE");
    const again = await post(key, ik, body);
    expectError(again, 400, "VALIDATION_INVALID_PHONE");
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await db().contact.count({ where: { organizationId: orgId } })).toBe(0);
  });

  it("parallel requests with one key → one creation; the others replay it or get IDEMPOTENCY_KEY_IN_USE", async () => {
    const { key, orgId } = await createTestOrg();
    const ik = randomUUID();
    const body = { phone: randomPhone(), name: "Racer" };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(key, ik, body)));
    const fresh = answers.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null);
    expect(fresh).toHaveLength(1);
    for (const r of answers) {
      if (r === fresh[0]) continue;
      if (r.status === 201) {
        expect(r.headers.get("idempotent-replayed")).toBe("true");
        expect(r.body).toEqual(fresh[0]?.body);
      } else {
        expectError(r, 409, "IDEMPOTENCY_KEY_IN_USE");
      }
    }
    expect(await db().contact.count({ where: { organizationId: orgId } })).toBe(1);
    // once finished, every retry replays
    const later = await post(key, ik, body);
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBe("true");
  });

  it("an Idempotency-Key longer than 255 characters → 400 VALIDATION_INVALID_FIELD", async () => {
    const { key, orgId } = await createTestOrg();
    const res = await post(key, "k".repeat(256), { phone: randomPhone() });
    expectError(res, 400, "VALIDATION_INVALID_FIELD");
    expect(res.body.error.details.field).toBe("Idempotency-Key");
    expect(await db().contact.count({ where: { organizationId: orgId } })).toBe(0);
  });

  it("a 429 is not stored: the key is free again (no row left behind)", async () => {
    const { key, orgId } = await createTestOrg({ perMinute: 1 });
    expect((await api("/v1/contacts", { key })).status).toBe(200);
    const ik = randomUUID();
    const limited = await post(key, ik, { phone: randomPhone() });
    expectError(limited, 429, "RATE_LIMIT_EXCEEDED");
    expect(await db().idempotencyKey.count({ where: { organizationId: orgId, key: ik } })).toBe(0);
  });
});
