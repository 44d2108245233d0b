import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestOrg, expectError, expectRateLimitHeaders, randomPhone } from "@/scripts/test/helpers";

function post(key: string, body: unknown) {
  return api("/v1/contacts", { method: "POST", key, body });
}

describe("POST /v1/contacts: the phone table, refused rows", () => {
  const refused: [string, string][] = [
    ["local form starting with 0", "015123456789"],
    ["local form starting with 0 (short)", "0612345678"],
    ["spaces", "+1 415 555 0123"],
    ["spaces without +", "1415 5550123"],
    ["hyphens", "+1-415-555-0123"],
    ["hyphens without +", "1-415-555-0123"],
  ];
  for (const [row, phone] of refused) {
    it(`${row} (${phone}) → 400 VALIDATION_INVALID_PHONE, details.field phone, no row`, async () => {
      const { key, orgId } = await createTestOrg();
      const res = await post(key, { phone, name: "x" });
      expectError(res, 400, "VALIDATION_INVALID_PHONE");
      expect(res.body.error.details.field).toBe("phone");
      expect(typeof res.body.error.details.hint).toBe("string");
      expectRateLimitHeaders(res);
      expect(await db().contact.count({ where: { organizationId: orgId } })).toBe(0);
    });
  }

  it("a missing, empty or blank phone → 400 VALIDATION_MISSING_FIELD with details.field phone", async () => {
    const { key } = await createTestOrg();
    for (const body of [{ name: "No Phone" }, { phone: "" }, { phone: "   " }, { phone: null }]) {
      const res = await post(key, body);
      expectError(res, 400, "VALIDATION_MISSING_FIELD");
      expect(res.body.error.details.field).toBe("phone");
    }
  });

  it("letters or impossible lengths → 400 VALIDATION_INVALID_PHONE", async () => {
    const { key } = await createTestOrg();
    for (const phone of ["+1415abc0123", "+1234", "+1415555012345678", "(415)5550123"]) {
      expectError(await post(key, { phone }), 400, "VALIDATION_INVALID_PHONE");
    }
  });
});

describe("POST /v1/contacts: duplicates", () => {
  it("the same number with and without + → the second is 409 RESOURCE_ALREADY_EXISTS", async () => {
    const { key, orgId } = await createTestOrg();
    const phone = randomPhone();
    expect((await post(key, { phone })).status).toBe(201);
    const again = await post(key, { phone: phone.slice(1), name: "Other" });
    expectError(again, 409, "RESOURCE_ALREADY_EXISTS");
    expect(await db().contact.count({ where: { organizationId: orgId } })).toBe(1);
    const events = await db().event.count({ where: { organizationId: orgId } });
    expect(events).toBe(1);
  });

  it("10 concurrent creates of one number (with and without +) → one 201, nine 409, one row", async () => {
    const { key, orgId } = await createTestOrg();
    const phone = randomPhone();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(key, { phone: i % 2 ? phone : phone.slice(1) })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const r of answers.filter((a) => a.status === 409)) expectError(r, 409, "RESOURCE_ALREADY_EXISTS");
    expect(await db().contact.count({ where: { organizationId: orgId } })).toBe(1);
    expect(await db().event.count({ where: { organizationId: orgId, name: "contact.created" } })).toBe(1);
  });
});

describe("POST /v1/contacts: other fields", () => {
  it("an invalid e-mail → 400 VALIDATION_INVALID_FIELD, details.field email", async () => {
    const { key } = await createTestOrg();
    for (const email of ["not-an-email", "a@", "@b.com", "a b@c.com"]) {
      const res = await post(key, { phone: randomPhone(), email });
      expectError(res, 400, "VALIDATION_INVALID_FIELD");
      expect(res.body.error.details.field).toBe("email");
    }
  });

  it("51 tags → VALIDATION_INVALID_FIELD on tags", async () => {
    const { key } = await createTestOrg();
    const tags = Array.from({ length: 51 }, (_, i) => `tag-${i}`);
    const res = await post(key, { phone: randomPhone(), tags });
    expectError(res, 400, "VALIDATION_INVALID_FIELD");
    expect(res.body.error.details.field).toBe("tags");
  });

  it("a 65-character tag → VALIDATION_INVALID_FIELD on that tag", async () => {
    const { key } = await createTestOrg();
    const res = await post(key, { phone: randomPhone(), tags: ["ok", "t".repeat(65)] });
    expectError(res, 400, "VALIDATION_INVALID_FIELD");
    expect(res.body.error.details.field).toBe("tags.1");
  });

  it("51 custom fields → VALIDATION_INVALID_FIELD on custom_fields", async () => {
    const { key } = await createTestOrg();
    const custom_fields = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    const res = await post(key, { phone: randomPhone(), custom_fields });
    expectError(res, 400, "VALIDATION_INVALID_FIELD");
    expect(res.body.error.details.field).toBe("custom_fields");
  });

  it("a 65-character key or a 1,025-character string value → VALIDATION_INVALID_FIELD", async () => {
    const { key } = await createTestOrg();
    const longKey = await post(key, { phone: randomPhone(), custom_fields: { ["k".repeat(65)]: "v" } });
    expectError(longKey, 400, "VALIDATION_INVALID_FIELD");
    expect(longKey.body.error.details.field).toMatch(/^custom_fields/);
    const longValue = await post(key, { phone: randomPhone(), custom_fields: { note: "v".repeat(1025) } });
    expectError(longValue, 400, "VALIDATION_INVALID_FIELD");
    expect(longValue.body.error.details.field).toBe("custom_fields.note");
  });

  it("several limits broken at once → VALIDATION_ERROR with details.errors[]", async () => {
    const { key } = await createTestOrg();
    const res = await post(key, {
      phone: randomPhone(),
      tags: Array.from({ length: 51 }, (_, i) => `tag-${i}`),
      custom_fields: { note: "v".repeat(1025) },
    });
    expectError(res, 400, "VALIDATION_ERROR");
    const fields = res.body.error.details.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(["custom_fields.note", "tags"]);
  });

  it("custom_fields with an object, array or null value → VALIDATION_INVALID_FIELD", async () => {
    const { key, orgId } = await createTestOrg();
    for (const value of [{ nested: 1 }, [1, 2], null]) {
      const res = await post(key, { phone: randomPhone(), custom_fields: { bad: value } });
      expectError(res, 400, "VALIDATION_INVALID_FIELD");
      expect(res.body.error.details.field).toBe("custom_fields.bad");
    }
    const notObject = await post(key, { phone: randomPhone(), custom_fields: ["a"] });
    expect(notObject.status).toBe(400);
    expect(notObject.body.error.details.field).toBe("custom_fields");
    expect(await db().contact.count({ where: { organizationId: orgId } })).toBe(0);
  });
});

describe("POST /v1/contacts: text PostgreSQL cannot store", () => {
  it("a NUL character in name, tag or custom field → 400 VALIDATION_*, not a 500", async () => {
    const { key, orgId } = await createTestOrg();
    const inputs = [{ name: "Nul\u0000Name" }, { tags: ["a\u0000b"] }, { custom_fields: { k: "v\u0000" } }];
    const codes: string[] = [];
    for (const extra of inputs)
      codes.push((await post(key, { phone: randomPhone(), ...extra })).body.error.code);
    expect(codes.map((c) => c.replace(/^VALIDATION_.*/, "VALIDATION_*"))).toEqual(
      Array(3).fill("VALIDATION_*"),
    );
    expect(await db().contact.count({ where: { organizationId: orgId } })).toBe(0);
  });
});

describe("POST /v1/contacts: bodies that are not a JSON object", () => {
  const bodies: [string, string][] = [
    ["malformed JSON", '{"phone": "+14155550123"'],
    ["trailing garbage", '{"phone": "+14155550123"} x'],
    ["a JSON array", '[{"phone": "+14155550123"}]'],
    ["a JSON number", "42"],
    ["a JSON string", '"+14155550123"'],
    ["JSON null", "null"],
    ["JSON true", "true"],
  ];
  for (const [what, rawBody] of bodies) {
    it(`${what} → 400 VALIDATION_ERROR`, async () => {
      const { key, orgId } = await createTestOrg();
      const res = await api("/v1/contacts", { method: "POST", key, rawBody });
      expectError(res, 400, "VALIDATION_ERROR");
      expect(Array.isArray(res.body.error.details?.errors)).toBe(true);
      expect(await db().contact.count({ where: { organizationId: orgId } })).toBe(0);
    });
  }

  it("an empty body → 400 VALIDATION_MISSING_FIELD for phone", async () => {
    const { key } = await createTestOrg();
    const res = await api("/v1/contacts", { method: "POST", key, rawBody: "" });
    expectError(res, 400, "VALIDATION_MISSING_FIELD");
    expect(res.body.error.details.field).toBe("phone");
  });
});
