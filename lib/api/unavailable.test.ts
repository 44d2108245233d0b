import { describe, expect, it } from "vitest";
import { isUnavailableError } from "@/lib/api/unavailable";

/** Prisma's P2039/P2010 as the pg driver adapter reports PostgreSQL's own error code. */
function adapterError(code: string) {
  const driverAdapterError = Object.assign(new Error("postgres error"), {
    name: "DriverAdapterError",
    cause: { kind: "postgres", code, originalCode: code, message: "the database system is shutting down" },
  });
  return Object.assign(new Error("Error in the query"), {
    name: "PrismaClientKnownRequestError",
    code: "P2039",
    meta: { driverAdapterError },
  });
}

describe("isUnavailableError", () => {
  it("follows meta.driverAdapterError: PostgreSQL shutting down, starting up or out of connections", () => {
    for (const code of ["57P01", "57P03", "53300"]) expect(isUnavailableError(adapterError(code))).toBe(true);
  });

  it("leaves other database errors alone (they stay 500s to be fixed, not retried)", () => {
    expect(isUnavailableError(adapterError("23505"))).toBe(false);
    expect(isUnavailableError(adapterError("42P01"))).toBe(false);
  });
});
