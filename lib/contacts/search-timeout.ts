import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { isStatementTimeout } from "@/lib/db-errors";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * Runs a substring search's queries in one transaction with `SET LOCAL statement_timeout`
 * (SEARCH_TIMEOUT_MS): a search that no index can serve (fewer than three characters for the
 * trigram index, or one matching most of a large organization) stops there instead of loading
 * the database all organizations share, and the caller gets a 400 on `search` saying what to do.
 * The setting ends with the transaction, so the pooled connection goes back unchanged.
 */
export async function withSearchTimeout<T>(run: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  const ms = config().SEARCH_TIMEOUT_MS;
  try {
    return await db().$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT set_config('statement_timeout', ${String(ms)}, true)`;
        return run(tx);
      },
      { timeout: ms + 10_000 },
    );
  } catch (error) {
    if (!isStatementTimeout(error)) throw error;
    const hint = "type at least three characters, or a more specific part of a name, number or e-mail";
    throw new ApiError("VALIDATION_INVALID_FIELD", `The search took too long: ${hint}.`, {
      field: "search",
      hint,
    });
  }
}
