import { describe, expect, it } from "vitest";
import { api, createTestOrg, expectError } from "@/scripts/test/helpers";

describe("GET /v1/whatsapp/usage: refusals", () => {
  it("bad dates, a reversed or too long range, an unknown group_by or a malformed channel_id: the contract's codes", async () => {
    const { key } = await createTestOrg();
    const cases: [string, string, string][] = [
      ["from=2026-02-30", "VALIDATION_INVALID_FIELD", "from"],
      ["to=yesterday", "VALIDATION_INVALID_FIELD", "to"],
      ["from=2026-11-10&to=2026-11-01", "VALIDATION_INVALID_FIELD", "from"],
      ["from=2024-01-01&to=2026-01-01", "VALIDATION_INVALID_FIELD", "from"],
      ["group_by=week", "VALIDATION_INVALID_FIELD", "group_by"],
      ["channel_id=abc", "VALIDATION_INVALID_FIELD", "channel_id"],
    ];
    for (const [query, code, field] of cases) {
      const res = await api(`/v1/whatsapp/usage?${query}`, { key });
      expectError(res, 400, code);
      expect(res.body.error.details?.field, query).toBe(field);
    }
  });

  it("a year and a day is the longest range", async () => {
    const { key } = await createTestOrg();
    expect((await api("/v1/whatsapp/usage?from=2025-11-24&to=2026-11-24", { key })).status).toBe(200);
  });

  it("needs the usage:read scope, which publishable keys cannot hold", async () => {
    const templatesOnly = await createTestOrg({
      scopes: ["whatsapp:templates", "whatsapp:send", "contacts:read"],
    });
    expectError(await api("/v1/whatsapp/usage", { key: templatesOnly.key }), 403, "AUTH_INSUFFICIENT_SCOPE");
    const { PUBLISHABLE_SCOPES } = await import("@/lib/api/scopes");
    expect(PUBLISHABLE_SCOPES).not.toContain("usage:read");
  });
});
