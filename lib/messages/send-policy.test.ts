import { describe, expect, it } from "vitest";
import type { UpstreamFailure } from "@/lib/cloud-api/graph-error";
import { RETRYABLE_UPSTREAM_CODES } from "@/lib/cloud-api/upstream-error-guide";
import { broadcastRetry, classifyFailure, SEND_POLICY, singleRetryPause } from "@/lib/messages/send-policy";

const rejected = (code: number): UpstreamFailure => ({
  kind: "rejected",
  httpStatus: 400,
  error: { code, message: "no", type: "OAuthException" } as never,
});
const unreachable: UpstreamFailure = { kind: "unreachable", message: "ECONNREFUSED", maybeSent: false };
const timeout: UpstreamFailure = { kind: "timeout", message: "no answer", maybeSent: true };
const garbled: UpstreamFailure = {
  kind: "bad-response",
  httpStatus: 200,
  message: "not JSON",
  maybeSent: true,
};

describe("send policy (one table for single sends and broadcasts)", () => {
  it("classifies every kind of failure", () => {
    expect(classifyFailure(rejected(130429))).toBe("throttled");
    expect(classifyFailure(rejected(131056))).toBe("pair-rate");
    expect(classifyFailure(rejected(131026))).toBe("refused");
    expect(classifyFailure(unreachable)).toBe("unreachable");
    expect(classifyFailure(timeout)).toBe("in-doubt");
    expect(classifyFailure(garbled)).toBe("in-doubt");
  });

  it("the codes the error guide calls retryable are exactly the ones both paths try again", () => {
    const retried = [...RETRYABLE_UPSTREAM_CODES].filter((code) => {
      const f = rejected(code);
      return singleRetryPause(f, 1) !== null && broadcastRetry(f).rule !== null;
    });
    expect(retried.sort()).toEqual([...RETRYABLE_UPSTREAM_CODES].sort());
    expect(singleRetryPause(rejected(131026), 1)).toBeNull();
    expect(broadcastRetry(rejected(131026)).rule).toBeNull();
  });

  it("nothing that may hide a send is ever tried again, by either path", () => {
    for (const f of [timeout, garbled]) {
      expect(singleRetryPause(f, 1)).toBeNull();
      expect(broadcastRetry(f).rule).toBeNull();
    }
  });

  it("a single send stops after its tries; its pauses stay within seconds", () => {
    const tries = SEND_POLICY.throttled.single.tries;
    for (let attempt = 1; attempt < tries; attempt++) {
      const pause = singleRetryPause(unreachable, attempt) as number;
      expect(pause).toBeGreaterThan(0);
      expect(pause).toBeLessThanOrEqual(100 * 2 ** attempt * 1.5);
    }
    expect(singleRetryPause(unreachable, tries)).toBeNull();
  });
});
