import { describe, expect, it } from "vitest";
import { api, createTestOrg, expectError } from "@/scripts/test/helpers";

describe("GET /v1/events refuses bad input with the contract's codes", () => {
  it.each([
    ["type=message.nope", "type"],
    ["after=yesterday", "after"],
    ["after=2026-13-45T00:00:00Z", "after"],
    ["per_page=101", "per_page"],
    ["page=0", "page"],
  ])("%s → VALIDATION_INVALID_FIELD on %s", async (query, field) => {
    const { key } = await createTestOrg();
    const res = await api(`/v1/events?${query}`, { key });
    expectError(res, 400, "VALIDATION_INVALID_FIELD");
    expect(res.body.error.details.field).toBe(field);
  });

  it("an unknown event id as `after` is named, not a 5xx", async () => {
    const { key } = await createTestOrg();
    const res = await api("/v1/events?after=00000000-0000-4000-8000-000000000000", { key });
    expectError(res, 400, "VALIDATION_INVALID_FIELD");
    expect(res.body.error.details.field).toBe("after");
  });

  it.each(["not-a-uuid", "00000000-0000-4000-8000-000000000000", "%00"])(
    "GET /v1/events/%s → 404",
    async (id) => {
      const { key } = await createTestOrg();
      expectError(await api(`/v1/events/${id}`, { key }), 404, "RESOURCE_NOT_FOUND");
    },
  );
});
