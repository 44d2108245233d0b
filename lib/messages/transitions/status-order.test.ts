import { describe, expect, it } from "vitest";
import type { MessageStatus } from "@/lib/generated/prisma/client.ts";
import { canMoveTo } from "@/lib/messages/transitions/status-order";

// The order of a message's statuses (design.md, Inbound), applied to upstream status notifications:
// queued → sending → sent → delivered → read, forward only; failed from any state but failed.
const STATES: MessageStatus[] = ["queued", "sending", "sent", "delivered", "read", "failed"];

/** row: current state; columns in STATES order: may it move to that state? */
const TABLE: Record<MessageStatus, boolean[]> = {
  //          queued sending sent  delivered read   failed
  queued: [false, true, true, true, true, true],
  sending: [false, false, true, true, true, true],
  sent: [false, false, false, true, true, true],
  delivered: [false, false, false, false, true, true],
  // design.md: failed from any state (a late failure report still counts)
  read: [false, false, false, false, false, true],
  failed: [false, false, false, false, false, false],
};

describe("canMoveTo", () => {
  for (const current of STATES) {
    it(`from ${current}`, () => {
      const actual = STATES.map((next) => canMoveTo(current, next));
      expect(Object.fromEntries(STATES.map((s, i) => [s, actual[i]]))).toEqual(
        Object.fromEntries(STATES.map((s, i) => [s, TABLE[current][i]])),
      );
    });
  }

  it("never allows staying in the same state (a duplicate notification changes nothing)", () => {
    for (const s of STATES) expect(canMoveTo(s, s)).toBe(false);
  });

  it("a late delivered after read, or a late sent after delivered, is refused", () => {
    expect(canMoveTo("read", "delivered")).toBe(false);
    expect(canMoveTo("delivered", "sent")).toBe(false);
    expect(canMoveTo("read", "sent")).toBe(false);
  });
});
