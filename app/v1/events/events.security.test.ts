import { describe, expect, it } from "vitest";
import { api, createTestOrg, expectError } from "@/scripts/test/helpers";

describe("events belong to their organization", () => {
  it("another organization's key neither lists, reads nor anchors on them", async () => {
    const a = await createTestOrg();
    const b = await createTestOrg();
    const created = await api("/v1/contacts", {
      method: "POST",
      key: a.key,
      body: { phone: "+14155550199" },
    });
    expect(created.status).toBe(201);
    const [event] = (await api("/v1/events", { key: a.key })).body.data;
    expect(event.organization_id).toBe(a.orgId);

    expect((await api("/v1/events", { key: b.key })).body.data).toEqual([]);
    expectError(await api(`/v1/events/${event.id}`, { key: b.key }), 404, "RESOURCE_NOT_FOUND");
    expectError(await api(`/v1/events?after=${event.id}`, { key: b.key }), 400, "VALIDATION_INVALID_FIELD");
  });

  it("needs webhooks:manage", async () => {
    const { key } = await createTestOrg({ scopes: ["contacts:read"] });
    expectError(await api("/v1/events", { key }), 403, "AUTH_INSUFFICIENT_SCOPE");
  });
});
