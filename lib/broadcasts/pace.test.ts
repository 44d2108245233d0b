import { describe, expect, it } from "vitest";
import { addSample, formatDuration, type PaceSample, paceOf } from "@/lib/broadcasts/pace";

describe("a sending broadcast's pace, from the polled counts", () => {
  it("says nothing from one poll or from polls a few seconds apart", () => {
    expect(paceOf([{ at: 0, done: 0 }], 100)).toBeNull();
    expect(
      paceOf(
        [
          { at: 0, done: 0 },
          { at: 3_000, done: 60 },
        ],
        100,
      ),
    ).toBeNull();
  });

  it("measures the rate over the kept window and the time left at it", () => {
    let samples: PaceSample[] = [];
    for (let i = 0; i <= 10; i++) samples = addSample(samples, { at: i * 3_000, done: i * 36 });
    // 360 done in 30 s: 12 a second; 1,200 waiting → 100 s
    expect(paceOf(samples, 1_200)).toEqual({ perSecond: 12, secondsLeft: 100 });
  });

  it("forgets polls older than a minute, so a slowdown shows", () => {
    let samples: PaceSample[] = [];
    for (let i = 0; i <= 20; i++) samples = addSample(samples, { at: i * 3_000, done: i * 30 });
    // from 63 s on, nothing moves
    for (let i = 21; i <= 45; i++) samples = addSample(samples, { at: i * 3_000, done: 600 });
    expect(samples[0]?.at).toBeGreaterThanOrEqual(45 * 3_000 - 60_000);
    expect(paceOf(samples, 500)).toEqual({ perSecond: 0, secondsLeft: null });
  });

  it("drops samples with more done than the newest (a retry put recipients back)", () => {
    const samples = addSample(
      [
        { at: 0, done: 500 },
        { at: 10_000, done: 520 },
      ],
      { at: 20_000, done: 100 },
    );
    expect(samples).toEqual([{ at: 20_000, done: 100 }]);
  });

  it("says the time left in words", () => {
    expect(formatDuration(20)).toBe("under a minute");
    expect(formatDuration(170)).toBe("about 3 min");
    expect(formatDuration(3_600)).toBe("about 1 h");
    expect(formatDuration(4_800)).toBe("about 1 h 20 min");
  });
});
