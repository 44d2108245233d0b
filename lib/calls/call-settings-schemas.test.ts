import { describe, expect, it } from "vitest";
import { callHoursSchema, updateCallSettingsBody } from "@/lib/calls/call-settings-schemas";

const hours = (weekly: { day_of_week: string; open_time: string; close_time: string }[]) => ({
  status: "ENABLED",
  timezone_id: "America/Manaus",
  weekly_operating_hours: weekly,
});

describe("call hours (Meta's rules)", () => {
  it("accepts two ranges a day that do not overlap, and defaults holidays to none", () => {
    const parsed = callHoursSchema.parse(
      hours([
        { day_of_week: "MONDAY", open_time: "0400", close_time: "1020" },
        { day_of_week: "MONDAY", open_time: "1100", close_time: "2359" },
      ]),
    );
    expect(parsed.holiday_schedule).toEqual([]);
  });

  it.each([
    [
      "a third range",
      [
        ["0100", "0200"],
        ["0300", "0400"],
        ["0500", "0600"],
      ],
    ],
    [
      "overlapping ranges",
      [
        ["0900", "1200"],
        ["1100", "1300"],
      ],
    ],
    ["a close before its open", [["1700", "0900"]]],
    ["24:00", [["2300", "2400"]]],
  ])("refuses %s", (_, ranges) => {
    const weekly = ranges.map(([open_time = "", close_time = ""]) => ({
      day_of_week: "MONDAY",
      open_time,
      close_time,
    }));
    expect(callHoursSchema.safeParse(hours(weekly)).success).toBe(false);
  });

  it("refuses an unknown time zone and ENABLED hours without any day", () => {
    expect(callHoursSchema.safeParse({ ...hours([]), timezone_id: "Mars/Olympus" }).success).toBe(false);
    expect(callHoursSchema.safeParse(hours([])).success).toBe(false);
    expect(callHoursSchema.safeParse({ ...hours([]), status: "DISABLED" }).success).toBe(true);
    expect(callHoursSchema.safeParse({ status: "DISABLED" }).success).toBe(true);
    expect(
      callHoursSchema.safeParse({
        status: "ENABLED",
        weekly_operating_hours: [{ day_of_week: "MONDAY", open_time: "0900", close_time: "1700" }],
      }).success,
    ).toBe(false);
  });
});

describe("ring seconds", () => {
  it("is bounded 10 to 120 (ours)", () => {
    expect(updateCallSettingsBody.safeParse({ ring_seconds: 10 }).success).toBe(true);
    expect(updateCallSettingsBody.safeParse({ ring_seconds: 120 }).success).toBe(true);
    expect(updateCallSettingsBody.safeParse({ ring_seconds: 9 }).success).toBe(false);
    expect(updateCallSettingsBody.safeParse({ ring_seconds: 121 }).success).toBe(false);
    expect(updateCallSettingsBody.safeParse({ ring_seconds: 30.5 }).success).toBe(false);
  });
});
