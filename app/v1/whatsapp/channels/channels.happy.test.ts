import { describe, expect, it } from "vitest";
import { deactivateChannel } from "@/lib/channels/deactivate-channel";
import { api, createTestChannel, createTestOrg, expectError } from "@/scripts/test/helpers";

describe("GET /v1/whatsapp/channels", () => {
  it("lists only the organization's channels, active and inactive, without tokens", async () => {
    const { key, orgId } = await createTestOrg();
    const a = await createTestChannel(orgId);
    const b = await createTestChannel(orgId);
    await deactivateChannel(b.channelId, orgId);
    const other = await createTestOrg();
    const theirs = await createTestChannel(other.orgId);

    const res = await api("/v1/whatsapp/channels", { key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 20, total: 2, has_more: false });
    const byId = new Map(res.body.data.map((c: { id: string }) => [c.id, c]));
    expect([...byId.keys()].sort()).toEqual([a.channelId, b.channelId].sort());
    expect(byId.get(a.channelId)).toMatchObject({
      phone_number_id: a.phoneNumberId,
      waba_id: a.wabaId,
      status: "active",
    });
    expect(byId.get(b.channelId)).toMatchObject({ status: "inactive" });
    expect(res.text).not.toContain(a.token);
    expect(res.text).not.toMatch(/access_?token/i);
    expect(res.text).not.toContain(theirs.channelId);

    const theirList = await api("/v1/whatsapp/channels", { key: other.key });
    expect(theirList.body.data.map((c: { id: string }) => c.id)).toEqual([theirs.channelId]);
  });

  it("needs the whatsapp:templates scope", async () => {
    const { key } = await createTestOrg({ scopes: ["contacts:read"] });
    expectError(await api("/v1/whatsapp/channels", { key }), 403, "AUTH_INSUFFICIENT_SCOPE");
  });
});
