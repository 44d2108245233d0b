import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  type AttemptRow,
  claimAttempt,
  failDeliveryOfDisabledWebhook,
  giveBackClaim,
  recordFailedAttempt,
  recordSucceededAttempt,
} from "@/lib/webhooks/repository/attempts";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * An attempt's statements (lib/webhooks/repository/attempts.ts) given another organization: a
 * delivery id of this one is claimed, given back, failed and recorded by nothing, though the worker
 * names it by id alone and the group-committed statements mix organizations. Two organizations,
 * real PostgreSQL; the last test shows the same calls act for the owner.
 */
const a = { org: "", webhook: "", delivery: "", other: "" };
let b = "";
const past = () => new Date(Date.now() - 60_000);

async function snapshot() {
  return {
    deliveries: await db().delivery.findMany({ where: { organizationId: a.org }, orderBy: { id: "asc" } }),
    attempts: await db().deliveryAttempt.count({ where: { delivery: { organizationId: a.org } } }),
    webhook: await db().webhook.findUniqueOrThrow({ where: { id: a.webhook } }),
  };
}

function attempt(attemptNumber: number, statusCode: number): AttemptRow {
  return {
    deliveryId: a.delivery,
    webhookId: a.webhook,
    attemptNumber,
    startedAt: new Date(),
    durationMs: 12,
    statusCode,
    error: statusCode >= 300 ? `HTTP ${statusCode}` : null,
    snippet: "ok",
    requestHeaders: { "x-test": "1" },
  };
}

const orgs = twoOrganizations("Attempt tenancy");

beforeAll(async () => {
  a.org = orgs.a;
  b = orgs.b;
  a.webhook = `wbk_${randomBytes(12).toString("hex")}`;
  await db().webhook.create({
    data: {
      id: a.webhook,
      organizationId: a.org,
      name: "mine",
      url: "https://example.com/hook",
      events: [],
      failingSince: past(),
    },
  });
  const event = await db().event.create({
    data: { organizationId: a.org, name: "contact.created", data: {} },
  });
  const delivery = (id: string) =>
    db().delivery.create({
      data: {
        id,
        organizationId: a.org,
        webhookId: a.webhook,
        eventId: event.id,
        status: "pending",
        attemptCount: 0,
        nextAttemptAt: past(),
      },
    });
  a.delivery = (await delivery(`wh_${Date.now()}_${randomBytes(8).toString("hex")}`)).id;
  a.other = (await delivery(`wh_${Date.now()}_${randomBytes(8).toString("hex")}`)).id;
});

describe("webhook attempts: another organization's delivery id is nobody's", () => {
  it("claims, gives back, fails and records nothing", async () => {
    const before = await snapshot();
    expect(await claimAttempt(b, a.delivery, 0)).toBeNull();
    expect(await snapshot()).toEqual(before);
    // as read after a claim of A's: B's give-back must not undo it
    await db().delivery.update({ where: { id: a.delivery }, data: { attemptCount: 1 } });
    const claimed = await snapshot();
    await giveBackClaim(b, { id: a.delivery, attemptCount: 0, nextAttemptAt: null, lastAttemptAt: null });
    await failDeliveryOfDisabledWebhook(b, a.delivery);
    await recordSucceededAttempt(b, attempt(1, 200), new Date());
    await db().$transaction((tx) => recordFailedAttempt(b, attempt(1, 500), null, tx));
    expect(await snapshot()).toEqual(claimed);
    await db().delivery.update({ where: { id: a.delivery }, data: { attemptCount: 0 } });
  });

  it("the owner's calls do what they say (the test is not vacuous)", async () => {
    expect(await claimAttempt(a.org, a.delivery, 0)).toBeInstanceOf(Date);
    await giveBackClaim(a.org, {
      id: a.delivery,
      attemptCount: 0,
      nextAttemptAt: past(),
      lastAttemptAt: null,
    });
    expect((await db().delivery.findUniqueOrThrow({ where: { id: a.delivery } })).attemptCount).toBe(0);
    expect(await claimAttempt(a.org, a.delivery, 0)).toBeInstanceOf(Date);
    await db().$transaction((tx) => recordFailedAttempt(a.org, attempt(1, 500), past(), tx));
    expect(await claimAttempt(a.org, a.delivery, 1)).toBeInstanceOf(Date);
    await recordSucceededAttempt(a.org, attempt(2, 200), new Date());
    await failDeliveryOfDisabledWebhook(a.org, a.other);
    const after = await snapshot();
    expect(after.attempts).toBe(2);
    expect(Object.fromEntries(after.deliveries.map((d) => [d.id, d.status]))).toEqual({
      [a.delivery]: "succeeded",
      [a.other]: "failed",
    });
    expect(after.webhook.failingSince).toBeNull();
  });
});
