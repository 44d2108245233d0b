import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mergedValues, PROTECTIVE_RULES } from "@/lib/contacts/merge-rules";
import type { Contact } from "@/lib/generated/prisma/client.ts";

/** Words a consent or restriction column's name would hold. */
const CONSENT_LIKE =
  /opt|consent|block|restrict|suppress|subscri|stop|allow|permi|dnc|donot|mute|ban|pause|gdpr/i;

function contactColumns(): string[] {
  const schema = readFileSync(new URL("../../prisma/schema.prisma", import.meta.url), "utf8");
  const model = /^model Contact \{\n([\s\S]*?)\n\}/m.exec(schema)?.[1] ?? "";
  return model
    .split("\n")
    .map((line) => /^\s+([a-zA-Z]\w*)\s+[A-Z]\w*(\?|\[\])?(\s|$)/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && m[2] !== "[]" && !/^[A-Z]/.test(m[1] ?? ""))
    .map((m) => m[1] ?? "")
    .filter((name) => !["organization"].includes(name));
}

function contact(overrides: Partial<Contact>): Contact {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    organizationId: "00000000-0000-4000-8000-0000000000aa",
    phone: null,
    name: null,
    email: null,
    customFields: {},
    bsuid: null,
    parentBsuid: null,
    username: null,
    profileName: null,
    blockedAt: null,
    lastInboundAt: null,
    marketingOptOut: false,
    marketingOptOutAt: null,
    marketingOptOutSource: null,
    firstReferral: null,
    latestReferral: null,
    callPermission: null,
    callPermissionExpiresAt: null,
    callPermissionPermanent: false,
    callPermissionAt: null,
    createdAt: new Date("2026-01-01T00:00:00Z"),
    updatedAt: new Date("2026-01-01T00:00:00Z"),
    ...overrides,
  };
}

describe("merge rules: consent and restrictions keep their most protective value", () => {
  it("every Contact column that looks like consent or a restriction has a protective rule", () => {
    const columns = contactColumns();
    // the parse itself works: it sees the columns we know of
    expect(columns).toEqual(expect.arrayContaining(["phone", "marketingOptOut", "blockedAt", "createdAt"]));
    const consentLike = columns.filter((c) => CONSENT_LIKE.test(c));
    expect(consentLike.length).toBeGreaterThan(0);
    for (const column of consentLike) {
      expect(Object.keys(PROTECTIVE_RULES), `${column} looks like consent: give it a rule`).toContain(column);
    }
  });

  it("a STOP on either side survives, whichever contact stays, and is named as a change", () => {
    const stoppedAt = new Date("2026-02-01T00:00:00Z");
    const keep = contact({ bsuid: "US.1" });
    const absorb = contact({ phone: "+14155550123", marketingOptOut: true, marketingOptOutAt: stoppedAt });
    const merged = mergedValues(keep, absorb);
    expect(merged.data).toMatchObject({
      marketingOptOut: true,
      marketingOptOutAt: stoppedAt,
      phone: "+14155550123",
      bsuid: "US.1",
    });
    expect(merged.changes).toEqual(["marketing_opt_out"]);
    const other = mergedValues(absorb, keep);
    expect(other.data.marketingOptOut).toBe(true);
    expect(other.changes).toEqual([]);
  });

  it("a resume on one side does not undo a stop on the other; the preference time is the later one", () => {
    const keep = contact({ marketingOptOut: false, marketingOptOutAt: new Date("2026-03-01T00:00:00Z") });
    const absorb = contact({ marketingOptOut: true, marketingOptOutAt: new Date("2026-02-01T00:00:00Z") });
    expect(mergedValues(keep, absorb).data).toMatchObject({
      marketingOptOut: true,
      marketingOptOutAt: new Date("2026-03-01T00:00:00Z"),
    });
  });

  it("a block on either side survives and is named", () => {
    const blockedAt = new Date("2026-02-01T00:00:00Z");
    const merged = mergedValues(contact({}), contact({ blockedAt }));
    expect(merged.data.blockedAt).toEqual(blockedAt);
    expect(merged.changes).toEqual(["blocked"]);
    expect(mergedValues(contact({ blockedAt }), contact({})).data.blockedAt).toEqual(blockedAt);
  });

  it("nothing protective to change: no change named", () => {
    expect(mergedValues(contact({}), contact({})).changes).toEqual([]);
  });

  it("ad referrals: the earlier first and the later latest of the two contacts; none stays unset", () => {
    const early = { headline: "Early", at: "2026-01-01T00:00:00.000Z" };
    const late = { headline: "Late", at: "2026-02-01T00:00:00.000Z" };
    const keep = contact({ firstReferral: late, latestReferral: late });
    const absorb = contact({ firstReferral: early, latestReferral: early });
    expect(mergedValues(keep, absorb).data).toMatchObject({ firstReferral: early, latestReferral: late });
    expect(mergedValues(contact({}), absorb).data).toMatchObject({
      firstReferral: early,
      latestReferral: early,
    });
    const none = mergedValues(contact({}), contact({})).data;
    expect("firstReferral" in none || "latestReferral" in none).toBe(false);
  });
});
