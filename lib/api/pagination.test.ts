import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { decodeCursor, encodeCursor } from "@/lib/api/pagination";

const ID = /^wh_\d+_[0-9a-f]+$/;

describe("keyset cursors", () => {
  it("round-trips the time and id of the last row", () => {
    const at = new Date("2026-01-31T12:00:00.123Z");
    expect(decodeCursor(encodeCursor(at, "wh_1_abc"), ID)).toEqual({ at, id: "wh_1_abc" });
  });

  it("treats an absent cursor as the first page", () => {
    expect(decodeCursor(undefined, ID)).toBeUndefined();
    expect(decodeCursor("", ID)).toBeUndefined();
  });

  it("refuses cursors it did not write, before they reach a query", () => {
    const forged = Buffer.from("2026-01-31T12:00:00Z|'; drop table x").toString("base64url");
    for (const raw of ["garbage", forged, Buffer.from("not-a-date|wh_1_abc").toString("base64url")]) {
      expect(() => decodeCursor(raw, ID)).toThrow(ApiError);
    }
  });
});
