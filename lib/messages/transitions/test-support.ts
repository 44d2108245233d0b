import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The one module that writes a message's status (docs/architecture.md). */
export const TRANSITIONS_FOLDER = "lib/messages/transitions/";

/** Where product code lives; tests and their support may write any row to make their data. */
const SCANNED = ["lib", "worker", "app"];

export type StatusWrite = { file: string; line: number; text: string };

const SQL_UPDATE = /UPDATE\s+messages\b(?:\s+(?:AS\s+)?(?!SET\b)\w+)?\s+SET\b/gi;
const SQL_SET_CLAUSE_END = /\bWHERE\b|\bFROM\b|\bRETURNING\b|`/i;
const SETS_STATUS = /(?:^|[\s,])(?:\w+\.)?status\s*=/;
const PRISMA_UPDATE = /\.message\s*\.\s*(?:update|updateMany|updateManyAndReturn|upsert)\s*\(/g;
const DATA_KEY = /\b(?:data|update)\s*:\s*\{/g;
const NAMES_STATUS = /(?:^|[\s{,])status\s*[:,}]/;

/**
 * The writes of a message's status in one file's text: an SQL `UPDATE messages … SET … status =`,
 * or a Prisma `message.update` / `updateMany` / `upsert` whose `data` names `status`. Creating a
 * message (its first status) is no transition and is not counted. A status written through a
 * variable spread into `data`, or SQL built from pieces, escapes it: a guard, not a proof.
 */
export function findStatusWrites(file: string, source: string): StatusWrite[] {
  const at = (index: number): StatusWrite => {
    const line = source.slice(0, index).split("\n").length;
    return { file, line, text: (source.split("\n")[line - 1] ?? "").trim() };
  };
  const writes: StatusWrite[] = [];
  for (const m of source.matchAll(SQL_UPDATE)) {
    const rest = source.slice(m.index + m[0].length);
    const end = rest.search(SQL_SET_CLAUSE_END);
    if (SETS_STATUS.test(end === -1 ? rest : rest.slice(0, end))) writes.push(at(m.index));
  }
  for (const m of source.matchAll(PRISMA_UPDATE)) {
    const args = balanced(source, m.index + m[0].length - 1);
    const names = [...args.matchAll(DATA_KEY)].some((d) =>
      NAMES_STATUS.test(balanced(args, d.index + d[0].length - 1)),
    );
    if (names) writes.push(at(m.index));
  }
  return writes.sort((a, b) => a.line - b.line);
}

/** The text from an opening bracket to its match (strings are not parsed: good enough for code). */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "(" || c === "{" || c === "[") depth++;
    if (c === ")" || c === "}" || c === "]") depth--;
    if (depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/** Every write of a message's status in the product's source files under `root`. */
export function statusWritesIn(root: string): StatusWrite[] {
  return SCANNED.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
      .map((f) => `${dir}/${f}`)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\/test-support\.ts$|^lib\/generated\//.test(f))
      .sort()
      .flatMap((f) => findStatusWrites(f, readFileSync(join(root, f), "utf8"))),
  );
}
