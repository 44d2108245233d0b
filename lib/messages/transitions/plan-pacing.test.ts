import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  planUpstreamStatus,
  type ReadMessage,
  type ReportedStatus,
} from "@/lib/messages/transitions/plan-upstream-status";

const acceptedAt = new Date("2026-11-29T10:00:00.000Z");
const at = new Date("2026-11-29T10:30:00.000Z");

/** A template message WhatsApp accepted (`sent`) and holds (Meta's template pacing). */
const held = (pacing: ReadMessage["pacing"] = "held"): ReadMessage => ({
  id: randomUUID(),
  organizationId: randomUUID(),
  status: "sent",
  whatsappMessageId: "wamid.held",
  conversationId: randomUUID(),
  contactId: randomUUID(),
  channelId: randomUUID(),
  broadcastId: null,
  sentAt: acceptedAt,
  deliveredAt: null,
  pricing: null,
  pacing,
});

const report = (next: ReportedStatus) => ({
  next,
  at,
  wamid: "wamid.held",
  pricing: undefined,
  error: next === "failed" ? { code: 132015, title: "Template is paused" } : undefined,
});

describe("a held message's next status (template pacing)", () => {
  it("sent releases it: pacing cleared, message.sent now, sent at the release", () => {
    const plan = planUpstreamStatus(held(), report("sent"));
    expect(plan).toMatchObject({ status: "sent", clearsPacing: true, sentAt: at });
    expect(plan?.events.map((e) => e.name)).toEqual(["message.sent"]);
  });

  it("delivered without sent: message.sent is implied, pacing cleared", () => {
    const plan = planUpstreamStatus(held("paused"), report("delivered"));
    expect(plan).toMatchObject({ status: "delivered", clearsPacing: true });
    expect(plan?.events.map((e) => e.name)).toEqual(["message.sent", "message.delivered"]);
  });

  it("failed (dropped): message.failed, pacing cleared", () => {
    const plan = planUpstreamStatus(held(), report("failed"));
    expect(plan).toMatchObject({ status: "failed", clearsPacing: true });
    expect(plan?.events.map((e) => e.name)).toEqual(["message.failed"]);
  });

  it("a message that was never held: a second sent changes nothing, no pacing to clear", () => {
    expect(planUpstreamStatus(held(null), report("sent"))).toBeNull();
    expect(planUpstreamStatus(held(null), report("delivered"))).not.toHaveProperty("clearsPacing");
  });
});
