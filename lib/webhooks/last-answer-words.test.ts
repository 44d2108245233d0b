import { describe, expect, it } from "vitest";
import { answeredOk, lastAnswerWords } from "@/lib/webhooks/last-answer-words";

const ago = () => "4 minutes ago";
const at = "2026-01-01T00:00:00.000Z";

describe("lastAnswerWords", () => {
  it("says the status, how many attempts in a row, when, and the answer's gist", () => {
    const answer = {
      status_code: 500,
      reason: "500 · receiver is down",
      at,
      streak: 11,
      streak_capped: false,
    };
    expect(lastAnswerWords(answer, ago)).toBe(
      "500 on the last 11 attempts, last 4 minutes ago: receiver is down",
    );
    expect(answeredOk(answer)).toBe(false);
  });

  it("one attempt, a network failure, a capped streak, a success", () => {
    expect(
      lastAnswerWords(
        { status_code: null, reason: "timeout after 10 s", at, streak: 1, streak_capped: false },
        ago,
      ),
    ).toBe("timeout after 10 s on the last attempt, 4 minutes ago");
    expect(
      lastAnswerWords({ status_code: 503, reason: "503", at, streak: 50, streak_capped: true }, ago),
    ).toBe("503 on the last 50+ attempts, last 4 minutes ago");
    const ok = { status_code: 204, reason: null, at, streak: 3, streak_capped: false };
    expect(lastAnswerWords(ok, ago)).toBe("204 on the last 3 attempts, last 4 minutes ago");
    expect(answeredOk(ok)).toBe(true);
    expect(answeredOk(null)).toBe(false);
  });
});
