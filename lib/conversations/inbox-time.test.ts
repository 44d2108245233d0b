import { describe, expect, it } from "vitest";
import { dayLabel, inboxTime, inboxTimeFull } from "@/lib/conversations/inbox-time";

// local times (the viewer's time zone), whatever zone the test runs in
const at = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min);
const now = at(2026, 11, 28, 18, 30);

describe("inboxTime: one format for every time of the inbox", () => {
  it("today: the time alone, on a 24-hour clock", () => {
    expect(inboxTime(at(2026, 11, 28, 12, 54).toISOString(), now)).toBe("12:54");
    expect(inboxTime(at(2026, 11, 28, 0, 5).toISOString(), now)).toBe("00:05");
    expect(inboxTime(at(2026, 11, 28, 23, 59).toISOString(), now)).toBe("23:59");
  });

  it("another day of this year: with the date, even when it was less than 24 hours ago", () => {
    // 30 hours ago is yesterday, never "12:54" (read as today's)
    const thirtyHoursAgo = new Date(now.getTime() - 30 * 3600_000);
    expect(inboxTime(thirtyHoursAgo.toISOString(), now)).toBe("Nov 27, 12:30");
    expect(inboxTime(at(2026, 11, 27, 23, 59).toISOString(), now)).toBe("Nov 27, 23:59");
    expect(inboxTime(at(2026, 1, 2, 9, 7).toISOString(), now)).toBe("Jan 2, 09:07");
  });

  it("an earlier year: with the year", () => {
    expect(inboxTime(at(2025, 11, 27, 12, 54).toISOString(), now)).toBe("Nov 27, 2025, 12:54");
    expect(inboxTime(at(2025, 12, 31, 23, 0).toISOString(), at(2026, 1, 1, 0, 30))).toBe(
      "Dec 31, 2025, 23:00",
    );
  });

  it("a title: the same with the year and seconds", () => {
    expect(inboxTimeFull(new Date(2026, 10, 28, 9, 4, 7).toISOString())).toBe("Nov 28, 2026, 09:04:07");
  });

  it("day separators: today, yesterday, then the day's name", () => {
    expect(dayLabel(at(2026, 11, 28, 1, 0).toISOString(), now)).toBe("Today");
    expect(dayLabel(at(2026, 11, 27, 23, 0).toISOString(), now)).toBe("Yesterday");
    expect(dayLabel(at(2026, 11, 23, 10, 0).toISOString(), now)).toBe("Monday, November 23");
    expect(dayLabel(at(2025, 11, 23, 10, 0).toISOString(), now)).toBe("Sunday, November 23, 2025");
  });
});
