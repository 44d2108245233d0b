import { describe, expect, it } from "vitest";
import { failureReason, snippetGist } from "@/lib/webhooks/failure-reason";

const outcome = (
  status_code: number | null,
  error: string | null,
  response_snippet: string | null = null,
) => ({
  status_code,
  error,
  response_snippet,
});

describe("failure reason", () => {
  it("puts the receiver's own words after the status code", () => {
    expect(failureReason(outcome(500, "answered 500", "receiver is down for the test"))).toBe(
      "500 · receiver is down for the test",
    );
    expect(failureReason(outcome(503, "answered 503", '{"error":{"message":"maintenance window"}}'))).toBe(
      "503 · maintenance window",
    );
    expect(failureReason(outcome(404, "answered 404", null))).toBe("404");
  });

  it("names a redirect as not followed", () => {
    expect(failureReason(outcome(302, "answered 302; redirects are not followed (Location: /x)"))).toBe(
      "302 · redirects are not followed",
    );
  });

  it("turns network errors into a reason", () => {
    expect(failureReason(outcome(null, "no answer within 10 s"))).toBe("timeout after 10 s");
    expect(failureReason(outcome(null, "connect ECONNREFUSED 127.0.0.1:4567"))).toBe("connection refused");
    expect(failureReason(outcome(null, "refused to connect: 10.0.0.1 is a private address"))).toBe(
      "refused: not a public address",
    );
    expect(failureReason(outcome(null, "refused to connect to internal.example: 10.0.0.1 is private"))).toBe(
      "refused: not a public address",
    );
    expect(failureReason(outcome(null, "getaddrinfo ENOTFOUND nowhere.invalid"))).toBe("host not found");
    expect(failureReason(outcome(null, "socket hang up"))).toBe("connection reset");
  });

  it("says nothing about a success or a delivery not tried yet", () => {
    expect(failureReason(outcome(200, null, "ok"))).toBeNull();
    expect(failureReason(outcome(null, null))).toBeNull();
  });

  it("keeps the gist to one short line", () => {
    const long = `line one\n\n${"x".repeat(300)}`;
    const gist = snippetGist(long) ?? "";
    expect(gist.length).toBeLessThanOrEqual(80);
    expect(gist).not.toContain("\n");
    expect(gist.endsWith("…")).toBe(true);
  });
});
