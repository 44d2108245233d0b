import { Prisma } from "@/lib/generated/prisma/client.ts";

/** True for a unique-constraint violation (Prisma P2002, PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === "P2002";
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** True when PostgreSQL cancelled the statement for its statement_timeout (SQLSTATE 57014). */
export function isStatementTimeout(error: unknown): boolean {
  const e = error as {
    code?: unknown;
    cause?: { code?: unknown };
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } };
  } | null;
  return (
    e?.code === "57014" ||
    e?.cause?.code === "57014" ||
    e?.meta?.driverAdapterError?.cause?.originalCode === "57014"
  );
}
