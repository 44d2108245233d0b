import { describe, expect, it } from "vitest";
import {
  ERROR_GUIDE,
  explainFailure,
  RETRYABLE_UPSTREAM_CODES,
  UPSTREAM_ERROR_GUIDE,
  upstreamHint,
} from "@/lib/cloud-api/upstream-error-guide";

/** The codes the sandbox plays and the docs name (issue 29 item 8): each has a meaning and a next step. */
const MET = [
  0, 3, 4, 10, 100, 190, 368, 470, 80007, 130429, 130472, 131000, 131005, 131008, 131009, 131016, 131021,
  131026, 131031, 131042, 131047, 131048, 131049, 131050, 131051, 131052, 131053, 131056, 131057, 131062,
  132000, 132001, 132005, 132007, 132012, 132015, 132016, 133004, 133010, 139101,
];
const OURS = ["unreachable", "timeout", "bad-response", "unconfirmed", "queue_unavailable"];

/** Words a business does not use: none of them reaches a person through the guide. */
const INTERNAL =
  /\b(upstream|bsuid|wamid|payload|endpoint|api|graph|http|json|null|parameter|backoff|throughput)\b/i;

describe("the error guide", () => {
  it.each([...MET.map(String), ...OURS])("%s has a title, what it means and what to do next", (code) => {
    const words = explainFailure(code, "(#1) whatever WhatsApp said");
    expect(words.known).toBe(true);
    expect(words.title.length).toBeGreaterThan(3);
    expect(words.meaning).toMatch(/^[A-Z].*\.$/);
    expect(words.next).toMatch(/^[A-Z].*\.$/);
    expect(`${words.title} ${words.meaning} ${words.next}`).not.toMatch(INTERNAL);
  });

  it("131026 says what 'Message undeliverable' means and not to resend it unchanged", () => {
    const words = explainFailure(131026, "(#131026) Message undeliverable");
    expect(words).toMatchObject({ code: "131026", title: "Message undeliverable", known: true });
    expect(words.meaning).toMatch(/not be on WhatsApp/);
    expect(words.next).toMatch(/will fail again/);
  });

  it("a code the guide does not know keeps WhatsApp's own words and names its code", () => {
    expect(explainFailure("999001", "(#999001) Something odd.")).toEqual({
      code: "999001",
      title: "Something odd",
      meaning: "WhatsApp refused the message: Something odd.",
      next: "If it keeps happening, give WhatsApp error 999001 to whoever set up the integration.",
      known: false,
    });
    expect(explainFailure(null, null)).toEqual({
      code: null,
      title: "Sending failed",
      meaning: "The message could not be sent.",
      next: null,
      known: false,
    });
    expect(explainFailure("", undefined).code).toBeNull();
  });

  it("the API's developer words stay those of the codes met most, and every retried code has them", () => {
    expect(Object.keys(UPSTREAM_ERROR_GUIDE).map(Number).sort()).toEqual(
      [
        130429, 131026, 131047, 131049, 131050, 131053, 131056, 131057, 131062, 132000, 132001, 132012,
        132015, 132016,
      ].sort(),
    );
    for (const code of RETRYABLE_UPSTREAM_CODES) expect(upstreamHint(code)).toBeTruthy();
    expect(upstreamHint(null)).toBeUndefined();
    expect(upstreamHint(131009)).toBeUndefined();
    // the API keeps its exact sentences (the SDK's users match on them)
    expect(UPSTREAM_ERROR_GUIDE[131047]?.message).toBe(
      "More than 24 hours have passed since the customer last wrote; send an approved template.",
    );
  });

  it("every entry of the guide is complete", () => {
    for (const [code, e] of Object.entries(ERROR_GUIDE)) {
      expect(e.title, code).toBeTruthy();
      expect(e.meaning, code).toBeTruthy();
      expect(e.next, code).toBeTruthy();
    }
  });
});
