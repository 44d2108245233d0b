/**
 * The dashboard's broadcast routes: agents read, owners and admins create and control; another
 * organization's broadcast is not found; the preview stores nothing.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createBroadcast, readyBroadcaster } from "@/scripts/test/broadcast-helpers";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { type AnyJson, BASE_URL, randomPhone } from "@/scripts/test/helpers";

async function session(role: "owner" | "admin" | "agent", orgId: string): Promise<string> {
  const staff = await createStaff(role, orgId);
  const { cookie } = await signInWithPassword(staff.email, staff.password);
  if (!cookie) throw new Error(`${role} could not sign in`);
  return cookie;
}

const body = (to = randomPhone()) => ({
  name: "Dashboard",
  template: { name: "plain_notice", language: { code: "en_US" } },
  recipients: [{ to }, { to: "0123" }],
  scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
});

describe("dashboard broadcast routes", () => {
  it("agents read but neither create, preview, control nor export; managers do", async () => {
    const b = await readyBroadcaster();
    const created = await createBroadcast(b.key, body());
    const id = created.body.data.id;
    const agent = await session("agent", b.orgId);
    const admin = await session("admin", b.orgId);

    expect((await dashboardCall(agent, "/api/dashboard/broadcasts")).status).toBe(200);
    const detail = await dashboardCall(agent, `/api/dashboard/broadcasts/${id}`);
    expect(detail.status).toBe(200);
    expect((detail.body.data as AnyJson).skips).toEqual([{ reason: "invalid_phone", count: 1 }]);
    expect(
      (await dashboardCall(agent, `/api/dashboard/broadcasts/${id}/recipients?status=skipped`)).status,
    ).toBe(200);
    for (const [path, method] of [
      ["/api/dashboard/broadcasts", "POST"],
      ["/api/dashboard/broadcasts/preview", "POST"],
      [`/api/dashboard/broadcasts/${id}/pause`, "POST"],
      [`/api/dashboard/broadcasts/${id}/cancel`, "POST"],
      [`/api/dashboard/broadcasts/${id}/export`, "GET"],
    ] as const) {
      const res = await dashboardCall(agent, path, {
        method,
        ...(method === "POST" ? { body: body() } : {}),
      });
      expect({ path, status: res.status, code: res.body.error?.code }).toEqual({
        path,
        status: 403,
        code: "AUTH_FORBIDDEN",
      });
    }

    const count = await db().broadcast.count({ where: { organizationId: b.orgId } });
    const preview = await dashboardCall(admin, "/api/dashboard/broadcasts/preview", {
      method: "POST",
      body: body(),
    });
    expect(preview.status).toBe(200);
    expect((preview.body.data as AnyJson).preview).toMatchObject({
      total: 2,
      willReceive: 1,
      skipped: [{ reason: "invalid_phone", count: 1 }],
      samples: [{ text: { body: "Your appointment is confirmed.", footer: "Reply STOP to opt out" } }],
    });
    expect(await db().broadcast.count({ where: { organizationId: b.orgId } })).toBe(count);
    expect(await db().contact.count({ where: { organizationId: b.orgId } })).toBe(1);

    const paused = await dashboardCall(admin, `/api/dashboard/broadcasts/${id}/pause`, { method: "POST" });
    expect((paused.body.data as AnyJson).broadcast.status).toBe("paused");
    const unknown = await dashboardCall(admin, `/api/dashboard/broadcasts/${id}/explode`, { method: "POST" });
    expect(unknown.status).toBe(404);
    const csv = await fetch(`${BASE_URL}/api/dashboard/broadcasts/${id}/export`, {
      headers: { cookie: admin, origin: BASE_URL, "sec-fetch-site": "same-origin" },
    });
    expect(csv.headers.get("x-recipient-count")).toBe("2");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(",skipped,invalid_phone,");
  });

  it("another organization's broadcast is not found by any dashboard route", async () => {
    const a = await readyBroadcaster();
    const b = await readyBroadcaster();
    const id = (await createBroadcast(a.key, body())).body.data.id;
    const owner = await session("owner", b.orgId);
    for (const [path, method] of [
      [`/api/dashboard/broadcasts/${id}`, "GET"],
      [`/api/dashboard/broadcasts/${id}/recipients`, "GET"],
      [`/api/dashboard/broadcasts/${id}/export`, "GET"],
      [`/api/dashboard/broadcasts/${id}/cancel`, "POST"],
      [`/api/dashboard/broadcasts/${id}/retry`, "POST"],
    ] as const) {
      const res = await dashboardCall(owner, path, { method });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    const list = await dashboardCall(owner, "/api/dashboard/broadcasts");
    expect((list.body.data as AnyJson).total).toBe(0);
    expect((await db().broadcast.findUniqueOrThrow({ where: { id } })).status).toBe("scheduled");
  });
});
