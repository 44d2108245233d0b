import type { Contact, Prisma } from "@/lib/generated/prisma/client.ts";

type Rule<K extends keyof Contact> = (keep: Contact, absorb: Contact) => Contact[K];

function later(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/**
 * The customer's consent and the restrictions on reaching them: when two contacts become one, each
 * keeps its most protective value, whichever contact stays (a customer who said STOP under their
 * number stays stopped once their user id joins it). `change` is the name contact.updated gives it
 * in `changes` when the merge changed the surviving contact. A new consent or restriction column
 * belongs here: merge-rules.test.ts fails when a column that looks like one is not listed.
 */
export const PROTECTIVE_RULES = {
  marketingOptOut: { change: "marketing_opt_out", merge: (k, a) => k.marketingOptOut || a.marketingOptOut },
  // the later of the two: a late preference older than anything either contact heard changes
  // nothing; no change of its own (it goes with marketingOptOut)
  marketingOptOutAt: {
    change: null,
    merge: (k, a) => later(k.marketingOptOutAt, a.marketingOptOutAt),
  },
  // how the kept opt-out came (the surviving contact's, else the absorbed one's); no change of its own
  marketingOptOutSource: {
    change: null,
    merge: (k, a) =>
      k.marketingOptOut ? k.marketingOptOutSource : a.marketingOptOut ? a.marketingOptOutSource : null,
  },
  blockedAt: { change: "blocked", merge: (k, a) => k.blockedAt ?? a.blockedAt },
  // the customer's call permission (issue 32): a refusal under either contact wins; otherwise the
  // later answer (the four columns go together, from the same contact)
  callPermission: { change: "call_permission", merge: (k, a) => permissionSource(k, a).callPermission },
  callPermissionExpiresAt: { change: null, merge: (k, a) => permissionSource(k, a).callPermissionExpiresAt },
  callPermissionPermanent: { change: null, merge: (k, a) => permissionSource(k, a).callPermissionPermanent },
  callPermissionAt: { change: null, merge: (k, a) => permissionSource(k, a).callPermissionAt },
} satisfies { [K in keyof Contact]?: { change: string | null; merge: Rule<K> } };

type ProtectiveField = keyof typeof PROTECTIVE_RULES;

/** Whose call permission a merged contact keeps: a refusal first, else the later answer. */
function permissionSource(k: Contact, a: Contact): Contact {
  if (k.callPermission === "reject") return k;
  if (a.callPermission === "reject") return a;
  if (k.callPermission === null) return a;
  if (a.callPermission === null) return k;
  return (a.callPermissionAt ?? new Date(0)) > (k.callPermissionAt ?? new Date(0)) ? a : k;
}

/**
 * Every column of a contact and how a merge sets it ("kept": the surviving contact's own). A
 * column added to Contact does not compile until it is given a rule here.
 */
const RULES: { [K in Exclude<keyof Contact, ProtectiveField>]: "kept" | Rule<K> } = {
  id: "kept",
  organizationId: "kept",
  createdAt: "kept",
  updatedAt: "kept",
  phone: (k, a) => k.phone ?? a.phone,
  bsuid: (k, a) => k.bsuid ?? a.bsuid,
  parentBsuid: (k, a) => k.parentBsuid ?? a.parentBsuid,
  username: (k, a) => k.username ?? a.username,
  name: (k, a) => k.name ?? a.name,
  email: (k, a) => k.email ?? a.email,
  profileName: (k, a) => k.profileName ?? a.profileName,
  // the surviving contact's values win
  customFields: (k, a) => ({
    ...((a.customFields ?? {}) as Prisma.JsonObject),
    ...((k.customFields ?? {}) as Prisma.JsonObject),
  }),
  lastInboundAt: (k, a) => later(k.lastInboundAt, a.lastInboundAt),
  // the ad the customer first and last came from, across both contacts (by `at`, when they wrote)
  firstReferral: (k, a) => referralBy(k.firstReferral, a.firstReferral, (x, y) => x <= y),
  latestReferral: (k, a) => referralBy(k.latestReferral, a.latestReferral, (x, y) => x >= y),
};

/** Of two stored referrals (each with `at`), the one `prefer` picks; either when the other is null. */
function referralBy(
  k: Prisma.JsonValue,
  a: Prisma.JsonValue,
  prefer: (x: string, y: string) => boolean,
): Prisma.JsonValue {
  const at = (r: Prisma.JsonValue) =>
    r !== null && typeof r === "object" && !Array.isArray(r) && typeof r.at === "string" ? r.at : null;
  if (k === null) return a;
  if (a === null) return k;
  const ka = at(k);
  const aa = at(a);
  if (ka === null || aa === null) return ka === null ? a : k;
  return prefer(ka, aa) ? k : a;
}

export type MergedValues = { data: Partial<Contact>; changes: string[] };

/**
 * What the surviving contact `keep` becomes when `absorb` joins it, and the names of the consent
 * or restriction changes that brings (for contact.updated). Pure.
 */
export function mergedValues(keep: Contact, absorb: Contact): MergedValues {
  const data: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries(RULES) as [keyof Contact, "kept" | Rule<keyof Contact>][]) {
    if (rule === "kept") continue;
    const value = rule(keep, absorb);
    // null that stays null is no change (and a nullable Json column takes no plain null in Prisma)
    if (value !== null || keep[field] !== null) data[field] = value;
  }
  const changes = new Set<string>();
  for (const [field, { change, merge }] of Object.entries(PROTECTIVE_RULES) as [
    ProtectiveField,
    { change: string | null; merge: Rule<ProtectiveField> },
  ][]) {
    const value = merge(keep, absorb);
    data[field] = value;
    if (change && !same(value, keep[field])) changes.add(change);
  }
  return { data: data as Partial<Contact>, changes: [...changes] };
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}
