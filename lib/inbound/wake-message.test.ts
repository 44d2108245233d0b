import { describe, expect, it } from "vitest";
import { readWake } from "@/lib/inbound/wake-message";

const a = "0b6f3c2e-7d1a-4c55-9a8e-2f1d3c4b5a69";
const b = "5e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b";

describe("readWake", () => {
  it("reads an id with its payload", () => {
    expect(readWake(`${a} {"entry": [{"id": "1"}]}`)).toEqual([{ id: a, payload: { entry: [{ id: "1" }] } }]);
  });

  it("reads an id alone, and an older web's ids separated by commas", () => {
    expect(readWake(a)).toEqual([{ id: a }]);
    expect(readWake(`${a},${b}`)).toEqual([{ id: a }, { id: b }]);
  });

  it("keeps the id of a payload it cannot parse (claimed and read from its row)", () => {
    expect(readWake(`${a} {not json`)).toEqual([{ id: a }]);
  });
});
