import { describe, expect, it } from "vitest";
import { statementNames } from "@/lib/db-statement-names";

describe("statementNames", () => {
  it("names a text once it has run `after` times, and keeps that name", () => {
    const name = statementNames({ after: 3, max: 10 });
    expect(name("SELECT 1")).toBeUndefined();
    expect(name("SELECT 1")).toBeUndefined();
    const first = name("SELECT 1");
    expect(first).toMatch(/^s\d+$/);
    expect(name("SELECT 1")).toBe(first);
    for (let i = 0; i < 3; i++) name("SELECT 2");
    const second = name("SELECT 2");
    expect(second).toMatch(/^s\d+$/);
    expect(second).not.toBe(first);
  });

  it("names at most `max` texts: a text that varies without bound runs unnamed", () => {
    const name = statementNames({ after: 1, max: 5 });
    const names = new Set<string>();
    for (let n = 1; n <= 50; n++) {
      const text = `SELECT * FROM t WHERE id IN (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(", ")})`;
      const given = name(text);
      if (given !== undefined) names.add(given);
    }
    expect(names.size).toBe(5);
    expect(name("SELECT * FROM t WHERE id IN ($1)")).toBe("s1");
  });

  it("forgets the counts of texts seen too rarely once it holds max * 20 of them", () => {
    const name = statementNames({ after: 2, max: 1 });
    name("SELECT 'rare'");
    for (let i = 0; i < 20; i++) name(`SELECT ${i}`);
    // the count of 'rare' was dropped when the map filled: one more run does not name it
    expect(name("SELECT 'rare'")).toBeUndefined();
    expect(name("SELECT 'rare'")).toBe("s1");
  });
});
