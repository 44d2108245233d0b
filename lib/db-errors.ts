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

/**
 * An error and what it wraps, outermost first: its `cause`, or for Prisma's driver adapters the
 * PostgreSQL error under `meta.driverAdapterError` (P2010, P2039 …), at most 8 deep, objects only.
 */
export function causeChain(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    const e = current as Record<string, unknown> & { meta?: { driverAdapterError?: unknown } };
    chain.push(e);
    current = e.meta?.driverAdapterError ?? e.cause;
  }
  return chain;
}

const WRITE_CONFLICT_CODES = new Set(["40P01", "40001", "P2034"]);

/**
 * A transaction PostgreSQL rolled back to break a deadlock (SQLSTATE 40P01) or a serialization
 * failure (40001): nothing it wrote stays, and the same work run again normally succeeds. Seen
 * through Prisma (P2034, or P2010 whose adapter error is `TransactionWriteConflict`) and through
 * node-postgres (rawQuery: the SQLSTATE as `code`), anywhere in the error's cause chain.
 */
export function isWriteConflict(error: unknown): boolean {
  return causeChain(error).some(
    (e) =>
      (typeof e.code === "string" && WRITE_CONFLICT_CODES.has(e.code)) ||
      (typeof e.originalCode === "string" && WRITE_CONFLICT_CODES.has(e.originalCode)) ||
      e.kind === "TransactionWriteConflict",
  );
}

/**
 * Runs `work` (one transaction, all or nothing) again when PostgreSQL rolled it back for a write
 * conflict, up to `attempts` times with a short random pause, so that two writers meeting on the
 * same rows in opposite orders (a cancel locking a broadcast's recipients while a send's trigger
 * moves them) both succeed instead of one answering an error. Any other error, or a conflict on
 * the last attempt, is thrown as it came.
 */
export async function retryOnWriteConflict<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isWriteConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}
