import { describe, expect, it } from "vitest";
import { periodOf, readFlowsChange } from "@/lib/flows/flow-health";

describe("readFlowsChange: Meta's flows webhook values", () => {
  it("FLOW_STATUS_CHANGE → flow.status_changed; THROTTLED and BLOCKED are problems", () => {
    const change = readFlowsChange({
      event: "FLOW_STATUS_CHANGE",
      message: "Flow Booking changed status from PUBLISHED to THROTTLED",
      flow_id: "1197715005513101",
      old_status: "PUBLISHED",
      new_status: "THROTTLED",
    });
    expect(change).toEqual({
      name: "flow.status_changed",
      upstreamFlowId: "1197715005513101",
      data: {
        oldStatus: "PUBLISHED",
        newStatus: "THROTTLED",
        message: "Flow Booking changed status from PUBLISHED to THROTTLED",
        problem: true,
      },
    });
    const back = readFlowsChange({ event: "FLOW_STATUS_CHANGE", flow_id: 1, new_status: "PUBLISHED" });
    expect(back).toMatchObject({ upstreamFlowId: "1", data: { oldStatus: null, problem: false } });
  });

  it("alerts: the measure is the value, the window comes from the message, the rest is kept", () => {
    expect(
      readFlowsChange({
        event: "ENDPOINT_LATENCY",
        message: "The Flow endpoint latency has reached the 7000ms threshold in the last 30 minutes",
        flow_id: "9",
        p90_latency: 8200,
        p50_latency: 4100,
        requests_count: 250,
        threshold: 7000,
        alert_state: "ACTIVATED",
      }),
    ).toEqual({
      name: "flow.health",
      upstreamFlowId: "9",
      data: {
        kind: "ENDPOINT_LATENCY",
        alertState: "ACTIVATED",
        threshold: 7000,
        value: 8200,
        period: "30 minutes",
        message: "The Flow endpoint latency has reached the 7000ms threshold in the last 30 minutes",
        problem: true,
        details: { requests_count: 250 },
      },
    });
    expect(
      readFlowsChange({
        event: "ENDPOINT_AVAILABILITY",
        flow_id: "9",
        availability: "97.5",
        alert_state: "DEACTIVATED",
      }),
    ).toMatchObject({ data: { value: 97.5, threshold: null, period: null, problem: false } });
    expect(readFlowsChange({ event: "FLOW_VERSION_EXPIRY_WARNING", flow_id: "9" })).toMatchObject({
      data: { kind: "FLOW_VERSION_EXPIRY_WARNING", value: null, problem: true },
    });
  });

  it("a value it cannot read, or an event Meta does not document, is null (the unprocessed way)", () => {
    for (const value of [
      null,
      "x",
      {},
      { event: "FLOW_STATUS_CHANGE", flow_id: "1" },
      { event: "SOMETHING_NEW", flow_id: "1" },
      { event: "ENDPOINT_ERROR_RATE" },
    ]) {
      expect(readFlowsChange(value)).toBeNull();
    }
  });

  it("periodOf", () => {
    expect(periodOf("…has reached the 5% threshold in the last 60 minutes")).toBe("60 minutes");
    expect(periodOf("over the past 1 hour")).toBe("1 hour");
    expect(periodOf("no window")).toBeNull();
    expect(periodOf(null)).toBeNull();
  });
});
