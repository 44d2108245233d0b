import { describe, expect, it } from "vitest";
import { EVENT_NAMES, TEST_EVENT_NAME } from "@/lib/events/names";
import { buildEventData, EVENT_PAYLOADS, isDeclaredEvent } from "@/lib/events/payloads";

describe("every event has one declared payload schema", () => {
  it.each([...EVENT_NAMES, TEST_EVENT_NAME])("%s is declared", (name) => {
    // a name added to lib/events/names.ts without its schema in lib/events/payloads.ts fails here
    expect(isDeclaredEvent(name), `declare ${name} in lib/events/payloads.ts`).toBe(true);
  });

  it("declares no event that is never sent", () => {
    expect(Object.keys(EVENT_PAYLOADS).sort()).toEqual([...EVENT_NAMES, TEST_EVENT_NAME].sort());
  });
});

describe("buildEventData", () => {
  const contact = {
    contactId: "3f1c2b9e-8d4a-4f6b-9c7e-2a5d1e0b7c64",
    phone: "+14155550123",
    name: "Ada",
    email: null,
    channelId: null,
    timestamp: "2026-01-15T09:30:00.000Z",
  };

  it("keeps the declared fields and drops any other", () => {
    const extra = { ...contact, secretThing: "x" } as typeof contact;
    // the additive fields (bsuid, username) default to null
    expect(buildEventData("contact.created", extra)).toEqual({ ...contact, bsuid: null, username: null });
  });

  it("refuses a payload that breaks its schema (a builder bug, caught before anything is stored)", () => {
    expect(() => buildEventData("contact.created", { ...contact, contactId: "c1" })).toThrow();
    expect(() => buildEventData("message.sent", { ...contact } as never)).toThrow();
  });
});
