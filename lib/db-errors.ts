import { Prisma } from "@/lib/generated/prisma/client.ts";

/** True for a unique-constraint violation (Prisma P2002, PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === "P2002";
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** The SQLSTATE of a PostgreSQL error, however Prisma's driver adapter wrapped it (or null). */
function sqlState(error: unknown): string | null {
  const e = error as {
    code?: unknown;
    cause?: { code?: unknown };
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } };
  } | null;
  for (const code of [e?.meta?.driverAdapterError?.cause?.originalCode, e?.cause?.code, e?.code]) {
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** True when PostgreSQL cancelled the statement for its statement_timeout (SQLSTATE 57014). */
export function isStatementTimeout(error: unknown): boolean {
  return sqlState(error) === "57014";
}

/** True for an exclusion-constraint violation (SQLSTATE 23P01), e.g. a WABA active in two organizations. */
export function isExclusionViolation(error: unknown): boolean {
  return sqlState(error) === "23P01";
}
