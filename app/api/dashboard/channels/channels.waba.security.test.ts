import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ChannelExistsError, createChannel } from "@/lib/channels/create-channel";
import { deactivateChannel } from "@/lib/channels/deactivate-channel";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { eventually, runCli, SANDBOX_URL, sandbox } from "@/scripts/test/helpers";
import { waitProcessed } from "@/scripts/test/inbound-helpers";

/**
 * Issue 17.5: a signed template notification names only a WABA id, and it updated the templates of
 * every active channel with that WABA in any organization. A dashboard registration proves access
 * to the WABA, a CLI one does not. Now a WABA id is active in one organization at most (as a phone
 * number id is: an exclusion constraint across organizations, the CLI refused the same way), and a
 * template sync answered with Graph error 190 marks the channel as needing a new token, which an
 * owner or admin gives on the Channels page.
 */
type SandboxNumber = { phoneNumberId: string; wabaId: string; token: string };

const digits = (base: number) => String(base + Math.floor(Math.random() * 799_999_999_999));

/** A number registered in the shared sandbox, under a new WABA unless one is named. */
async function sandboxNumber(wabaId = digits(200_000_000_000)): Promise<SandboxNumber> {
  const n = { phoneNumberId: digits(100_000_000_000), wabaId, token: `sandbox-${randomUUID()}` };
  const put = await sandbox(`/_sandbox/phone-numbers/${n.phoneNumberId}`, "PUT", {
    waba_id: n.wabaId,
    display_phone_number: "+1 555 0100",
    access_token: n.token,
  });
  if (put.status >= 300) throw new Error(`sandbox phone number: ${JSON.stringify(put.body)}`);
  return n;
}

async function signedIn(role: "owner" | "admin" | "agent", orgId?: string) {
  const staff = await createStaff(role, orgId);
  const signed = await signInWithPassword(staff.email, staff.password);
  if (!signed.cookie) throw new Error(`sign-in failed: ${signed.error}`);
  return { orgId: staff.orgId, cookie: signed.cookie };
}

function addChannel(cookie: string, n: SandboxNumber) {
  return dashboardCall(cookie, "/api/dashboard/channels", {
    method: "POST",
    body: {
      phone_number_id: n.phoneNumberId,
      waba_id: n.wabaId,
      access_token: n.token,
      graph_url: `${SANDBOX_URL}/v23.0`,
    },
  });
}

const input = (orgId: string, n: SandboxNumber) => ({
  organizationId: orgId,
  name: `channel ${n.phoneNumberId}`,
  phoneNumberId: n.phoneNumberId,
  wabaId: n.wabaId,
  accessToken: n.token,
  graphUrl: `${SANDBOX_URL}/v23.0`,
});

const PROMO = {
  name: "spring_promo",
  language: "en_US",
  status: "APPROVED",
  category: "UTILITY",
  components: [{ type: "BODY", text: "Spring sale this week." }],
};

const promo = (channelId: string) =>
  db().templateTranslation.findFirstOrThrow({
    where: { language: PROMO.language, template: { channelId, name: PROMO.name } },
  });

const activeOrgsOfWaba = async (wabaId: string) => [
  ...new Set(
    (await db().channel.findMany({ where: { wabaId, status: "active" } })).map((c) => c.organizationId),
  ),
];

describe("a WABA id is active in one organization at most", { timeout: 90_000 }, () => {
  it("the dashboard refuses another number of a WABA active elsewhere with 409 on waba_id", async () => {
    const [owner, other] = await Promise.all([signedIn("owner"), signedIn("owner")]);
    const first = await sandboxNumber();
    expect((await addChannel(owner.cookie, first)).status).toBe(201);
    const sibling = await sandboxNumber(first.wabaId);
    const refused = await addChannel(other.cookie, sibling);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "RESOURCE_ALREADY_EXISTS",
      message: "This WhatsApp Business Account id is active in another organization.",
      details: { field: "waba_id" },
    });
    expect(await db().channel.count({ where: { organizationId: other.orgId } })).toBe(0);
    // the organization that has it adds its other numbers freely
    expect((await addChannel(owner.cookie, sibling)).status).toBe(201);
    expect(await activeOrgsOfWaba(first.wabaId)).toEqual([owner.orgId]);
  });

  it("the CLI's channel create is refused the same way (it proves no access to the WABA)", async () => {
    const owner = await createStaff();
    const other = await createStaff();
    const n = await sandboxNumber();
    await createChannel(input(owner.orgId, n));
    const result = await runCli([
      "channel",
      "create",
      "--org",
      other.orgId,
      "--phone-number-id",
      digits(100_000_000_000),
      "--waba-id",
      n.wabaId,
      "--access-token",
      "any-token",
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/WhatsApp Business Account id is active in another organization/);
    expect(await db().channel.count({ where: { organizationId: other.orgId } })).toBe(0);
  });

  it("registrations of one WABA racing from several organizations: one organization wins", async () => {
    const orgs = await Promise.all(Array.from({ length: 6 }, async () => (await createStaff()).orgId));
    const wabaId = digits(200_000_000_000);
    const numbers = await Promise.all(orgs.map(() => sandboxNumber(wabaId)));
    const results = await Promise.allSettled(
      orgs.map((orgId, i) => createChannel(input(orgId, numbers[i] as SandboxNumber))),
    );
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(lost).toHaveLength(5);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(ChannelExistsError);
      expect((r.reason as ChannelExistsError).field).toBe("waba_id");
    }
    expect(await activeOrgsOfWaba(wabaId)).toHaveLength(1);
  });

  it("once deactivated everywhere there, another organization may take it; the first cannot reactivate", async () => {
    const a = await createStaff();
    const b = await createStaff();
    const n = await sandboxNumber();
    const old = await createChannel(input(a.orgId, n));
    await deactivateChannel(old.id, a.orgId);
    const sibling = await sandboxNumber(n.wabaId);
    await createChannel(input(b.orgId, sibling));
    await expect(createChannel(input(a.orgId, n))).rejects.toBeInstanceOf(ChannelExistsError);
    expect((await db().channel.findUniqueOrThrow({ where: { id: old.id } })).status).toBe("inactive");
    expect(await activeOrgsOfWaba(n.wabaId)).toEqual([b.orgId]);
  });
});

describe("a template sync answered with Graph error 190 asks for a new token", { timeout: 90_000 }, () => {
  it("marks the channel, shows it on the Channels page, and an owner or admin gives a new token", async () => {
    const owner = await signedIn("owner");
    const admin = await signedIn("admin", owner.orgId);
    const agent = await signedIn("agent", owner.orgId);
    const n = await sandboxNumber();
    await sandbox(`/_sandbox/templates/${n.wabaId}`, "PUT", { data: [PROMO] });
    const added = await addChannel(owner.cookie, n);
    expect(added.status).toBe(201);
    const channelId = (added.body.data as { channel: { id: string } }).channel.id;
    await eventually(
      async () => (await db().channel.findUniqueOrThrow({ where: { id: channelId } })).templatesSyncedAt,
    );
    expect((await promo(channelId)).status).toBe("APPROVED");

    // the business revokes the token: the sandbox now answers 190 to it
    const renewed = `sandbox-${randomUUID()}`;
    await sandbox(`/_sandbox/phone-numbers/${n.phoneNumberId}`, "PUT", {
      waba_id: n.wabaId,
      display_phone_number: "+1 555 0100",
      access_token: renewed,
    });
    const sync = await dashboardCall(owner.cookie, `/api/dashboard/channels/${channelId}/sync`, {
      method: "POST",
    });
    expect(sync.status).toBe(202);
    const marked = await eventually(async () => {
      const c = await db().channel.findUniqueOrThrow({ where: { id: channelId } });
      return c.tokenInvalidAt ? c : null;
    });
    expect(marked.tokenError).toMatch(/token/i);
    expect(marked.status).toBe("active");

    const listed = await dashboardCall(owner.cookie, "/api/dashboard/channels");
    const row = (listed.body.data as { channels: Record<string, unknown>[] }).channels.find(
      (c) => c.id === channelId,
    );
    expect(row).toMatchObject({ needs_new_token: true });
    expect(String(row?.token_error)).toMatch(/token/i);
    expect(JSON.stringify(listed.body)).not.toContain(n.token);

    // without a working token the channel no longer proves access to the WABA: its notifications are not applied
    const notified = await sandbox("/_sandbox/template-status", "POST", {
      waba_id: n.wabaId,
      name: PROMO.name,
      language: PROMO.language,
      event: "PAUSED",
    });
    expect(notified.status).toBe(200);
    await waitProcessed(n.wabaId, 1);
    expect((await promo(channelId)).status).toBe("APPROVED");

    const path = `/api/dashboard/channels/${channelId}/token`;
    // agents may not; a token the Graph API refuses is not stored
    expect(
      (await dashboardCall(agent.cookie, path, { method: "POST", body: { access_token: renewed } })).status,
    ).toBe(403);
    const wrong = await dashboardCall(admin.cookie, path, {
      method: "POST",
      body: { access_token: "not-a-token" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: "VALIDATION_INVALID_FIELD",
      details: { field: "access_token" },
    });
    expect(
      (await db().channel.findUniqueOrThrow({ where: { id: channelId } })).tokenInvalidAt,
    ).not.toBeNull();

    const given = await dashboardCall(admin.cookie, path, {
      method: "POST",
      body: { access_token: renewed },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(JSON.stringify(given.body)).not.toContain(renewed);
    expect(given.body.data).toMatchObject({ channel: { id: channelId, needs_new_token: false } });
    const synced = await eventually(async () => {
      const c = await db().channel.findUniqueOrThrow({ where: { id: channelId } });
      return c.templatesSyncedAt && c.templatesSyncedAt > marked.updatedAt && !c.tokenInvalidAt ? c : null;
    });
    expect(synced.tokenError).toBeNull();
  });

  it("the token route answers 404 for another organization's channel and changes nothing", async () => {
    const owner = await signedIn("owner");
    const stranger = await signedIn("owner");
    const n = await sandboxNumber();
    const channel = await createChannel(input(owner.orgId, n));
    const res = await dashboardCall(stranger.cookie, `/api/dashboard/channels/${channel.id}/token`, {
      method: "POST",
      body: { access_token: n.token },
    });
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe("RESOURCE_NOT_FOUND");
    const after = await db().channel.findUniqueOrThrow({ where: { id: channel.id } });
    expect(after.accessTokenEnc).toBe(channel.accessTokenEnc);
  });
});
