import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { syncFlows } from "@/lib/flows/sync-flows";
import { syncChannelTemplates } from "@/lib/templates/sync-channel-templates";
import {
  type AnyJson,
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  expectError,
  SANDBOX_URL,
} from "@/scripts/test/helpers";

const FLOWS = "/v1/whatsapp/flows";

const GOOD = {
  version: "7.2",
  screens: [
    {
      id: "BOOKING",
      title: "Book a table",
      terminal: true,
      layout: {
        type: "SingleColumnLayout",
        children: [
          { type: "TextInput", name: "name", label: "Your name" },
          { type: "Footer", label: "Book", "on-click-action": { name: "complete", payload: {} } },
        ],
      },
    },
  ],
};
/** The same Flow with a component type Meta does not know, and a second screen without an id. */
const BROKEN = {
  version: "7.2",
  screens: [
    {
      ...GOOD.screens[0],
      layout: {
        type: "SingleColumnLayout",
        children: [{ type: "TextImput", name: "name", label: "Your name" }],
      },
    },
    { title: "Thanks", layout: { type: "SingleColumnLayout", children: [] } },
  ],
};

const uniqueName = () => `booking_${randomBytes(4).toString("hex")}`;

describe("/v1/whatsapp/flows: a Flow from draft to deprecated", () => {
  it("create → validation errors shown → fix → publish → list shows PUBLISHED → update refused → deprecate", async () => {
    const { key, orgId } = await createTestOrg();
    const channel = await createTestChannel(orgId);
    const name = uniqueName();

    const created = await api(FLOWS, {
      key,
      method: "POST",
      body: { name, categories: ["APPOINTMENT_BOOKING"], flow_json: BROKEN },
    });
    expect(created.status, created.text).toBe(201);
    const flow = created.body.data;
    expect(Object.keys(flow).sort()).toEqual(
      [
        "categories",
        "channel_id",
        "created_at",
        "flow_id",
        "flow_json",
        "health",
        "id",
        "name",
        "preview",
        "status",
        "updated_at",
        "validation_errors",
      ].sort(),
    );
    expect(flow).toMatchObject({
      name,
      status: "DRAFT",
      categories: ["APPOINTMENT_BOOKING"],
      channel_id: channel.channelId,
    });
    expect(flow.flow_id).toMatch(/^\d+$/);
    // Meta's errors, each with the screen and the request field it names
    expect(flow.validation_errors).toEqual([
      expect.objectContaining({
        field: "flow_json.screens[0].layout.children[0].type",
        screen: "BOOKING",
        error: "INVALID_PROPERTY_VALUE",
        line: expect.any(Number),
        column: expect.any(Number),
      }),
      expect.objectContaining({
        field: "flow_json.screens[1]",
        screen: "screens[1]",
        error: "MISSING_REQUIRED_PROPERTY",
      }),
    ]);

    const refused = await api(`${FLOWS}/${flow.id}/publish`, { key, method: "POST" });
    expectError(refused, 400, "VALIDATION_ERROR");
    expect(refused.body.error.details.errors).toEqual(flow.validation_errors);

    const fixed = await api(`${FLOWS}/${flow.id}`, { key, method: "PATCH", body: { flow_json: GOOD } });
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.data).toMatchObject({ validation_errors: [], flow_json: GOOD, status: "DRAFT" });

    const published = await api(`${FLOWS}/${flow.id}/publish`, { key, method: "POST" });
    expect(published.status, published.text).toBe(200);
    expect(published.body.data.status).toBe("PUBLISHED");
    // Meta agrees
    const upstream = await fetch(`${SANDBOX_URL}/v23.0/${flow.flow_id}?fields=status`, {
      headers: { authorization: `Bearer ${channel.token}` },
    });
    expect(await upstream.json()).toMatchObject({ status: "PUBLISHED" });

    const list = await api(FLOWS, { key });
    expect(list.status).toBe(200);
    expect(list.body.data.map((f: AnyJson) => [f.id, f.status])).toEqual([[flow.id, "PUBLISHED"]]);
    expect(list.body.meta).toEqual({ page: 1, per_page: 20, total: 1, has_more: false });
    expect((await api(`${FLOWS}?status=DRAFT`, { key })).body.data).toEqual([]);

    expectError(
      await api(`${FLOWS}/${flow.id}`, { key, method: "PATCH", body: { name: "x" } }),
      409,
      "RESOURCE_INVALID_STATE",
    );
    expectError(await api(`${FLOWS}/${flow.id}`, { key, method: "DELETE" }), 409, "RESOURCE_INVALID_STATE");

    const preview = await api(`${FLOWS}/${flow.id}/preview`, { key });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.url).toContain(`/_sandbox/flows/${flow.flow_id}/preview`);
    expect(Date.parse(preview.body.data.expires_at)).toBeGreaterThan(Date.now());
    expect((await fetch(preview.body.data.url)).status).toBe(200);
    expect((await api(`${FLOWS}/${flow.id}`, { key })).body.data.preview).toEqual(preview.body.data);

    const deprecated = await api(`${FLOWS}/${flow.id}/deprecate`, { key, method: "POST" });
    expect(deprecated.status, deprecated.text).toBe(200);
    expect(deprecated.body.data.status).toBe("DEPRECATED");
    expectError(
      await api(`${FLOWS}/${flow.id}/deprecate`, { key, method: "POST" }),
      409,
      "RESOURCE_INVALID_STATE",
    );
  });

  it("deletes a draft; a second Flow with a taken name is refused", async () => {
    const { key, orgId } = await createTestOrg();
    await createTestChannel(orgId);
    const name = uniqueName();
    const first = await api(FLOWS, { key, method: "POST", body: { name, categories: ["SURVEY"] } });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({ flow_json: null, validation_errors: [] });
    expectError(
      await api(FLOWS, { key, method: "POST", body: { name, categories: ["OTHER"] } }),
      409,
      "RESOURCE_ALREADY_EXISTS",
    );
    expectError(
      await api(FLOWS, { key, method: "POST", body: { name: "x", categories: ["NOPE"] } }),
      400,
      "VALIDATION_INVALID_FIELD",
    );

    const deleted = await api(`${FLOWS}/${first.body.data.id}`, { key, method: "DELETE" });
    expect(deleted.body).toEqual({ success: true, data: { id: first.body.data.id, deleted: true } });
    expectError(await api(`${FLOWS}/${first.body.data.id}`, { key }), 404, "RESOURCE_NOT_FOUND");
  });

  it("the worker's channel sync (with the templates) copies Flows made at Meta; a sync drops those gone there", async () => {
    const { key, orgId } = await createTestOrg();
    const channel = await createTestChannel(orgId);
    const made = await fetch(`${SANDBOX_URL}/v23.0/${channel.wabaId}/flows`, {
      method: "POST",
      headers: { authorization: `Bearer ${channel.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        name: "made_in_manager",
        categories: ["LEAD_GENERATION"],
        flow_json: JSON.stringify(GOOD),
      }),
    });
    const { id: metaId } = (await made.json()) as { id: string };
    // "Sync now": the templates job of the worker, which syncs the channel's Flows after its templates
    await syncChannelTemplates(orgId, channel.channelId);
    const list = await eventually(async () => {
      const res = await api(FLOWS, { key });
      return res.body.data.length > 0 ? res : undefined;
    });
    expect(list.body.data).toEqual([
      expect.objectContaining({ flow_id: metaId, name: "made_in_manager", status: "DRAFT", flow_json: null }),
    ]);
    await fetch(`${SANDBOX_URL}/v23.0/${metaId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${channel.token}` },
    });
    // (the worker's sync of the channel's creation may run meanwhile and drop it first)
    expect(await syncFlows(orgId, channel.channelId)).toMatchObject({ synced: 0 });
    expect((await api(FLOWS, { key })).body.data).toEqual([]);
  });

  it("a sync leaves a Flow changed through us after Meta's list was read as we changed it", async () => {
    const { key, orgId } = await createTestOrg();
    const channel = await createTestChannel(orgId);
    const created = await api(FLOWS, {
      key,
      method: "POST",
      body: { name: uniqueName(), categories: ["SURVEY"], flow_json: BROKEN },
    });
    expect(created.status, created.text).toBe(201);
    const flow = created.body.data;
    // a change of ours that the list cannot know yet: stored after any list a sync could be holding
    await db().flow.update({
      where: { id: flow.id },
      data: { status: "PUBLISHED", updatedAt: new Date(Date.now() + 3_600_000) },
    });
    await syncFlows(orgId, channel.channelId);
    const read = await api(`${FLOWS}/${flow.id}`, { key });
    expect(read.body.data.status).toBe("PUBLISHED");
    // the errors keep the screens named from our Flow JSON (a sync without it names them by index)
    expect(read.body.data.validation_errors[0]).toMatchObject({ screen: "BOOKING" });
  });
});

describe("/v1/whatsapp/flows across organizations", () => {
  it("B cannot see, change, publish, preview or delete A's Flow: 404 like an unknown id", async () => {
    const a = await createTestOrg();
    await createTestChannel(a.orgId);
    const b = await createTestOrg();
    await createTestChannel(b.orgId);
    const created = await api(FLOWS, {
      key: a.key,
      method: "POST",
      body: { name: uniqueName(), categories: ["OTHER"], flow_json: GOOD },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;

    expect((await api(FLOWS, { key: b.key })).body.data).toEqual([]);
    for (const [method, path, body] of [
      ["GET", `${FLOWS}/${id}`, undefined],
      ["PATCH", `${FLOWS}/${id}`, { name: "stolen" }],
      ["POST", `${FLOWS}/${id}/publish`, undefined],
      ["POST", `${FLOWS}/${id}/deprecate`, undefined],
      ["GET", `${FLOWS}/${id}/preview`, undefined],
      ["DELETE", `${FLOWS}/${id}`, undefined],
    ] as const) {
      expectError(await api(path, { key: b.key, method, body }), 404, "RESOURCE_NOT_FOUND");
    }
    expectError(await api(`${FLOWS}/not-a-uuid`, { key: b.key }), 404, "RESOURCE_NOT_FOUND");
    const still = await api(`${FLOWS}/${id}`, { key: a.key });
    expect(still.body.data).toMatchObject({ status: "DRAFT", name: created.body.data.name });
  });
});
