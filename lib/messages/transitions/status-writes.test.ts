import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  findStatusWrites,
  statusWritesIn,
  TRANSITIONS_FOLDER,
} from "@/lib/messages/transitions/test-support";

const ROOT = join(import.meta.dirname, "../../..");

const lines = (source: string) => findStatusWrites("x.ts", source).map((w) => w.line);

describe("every transition of a message lives in lib/messages/transitions/", () => {
  it("no file outside it writes a message's status (npx tsx scripts/test/message-status-writes.ts lists them)", () => {
    const outside = statusWritesIn(ROOT).filter((w) => !w.file.startsWith(TRANSITIONS_FOLDER));
    expect(outside.map((w) => `${w.file}:${w.line}  ${w.text}`)).toEqual([]);
  });

  it("the search finds the module's own writes (it is not blind)", () => {
    const files = new Set(statusWritesIn(ROOT).map((w) => w.file));
    for (const f of [
      "claim-sending.ts",
      "mark-sent.ts",
      "mark-failed.ts",
      "apply-upstream-status.ts",
      "put-back.ts",
    ]) {
      expect(files).toContain(`${TRANSITIONS_FOLDER}${f}`);
    }
  });
});

describe("findStatusWrites", () => {
  it("finds an SQL update that sets the status, with or without an alias", () => {
    expect(lines("q`UPDATE messages SET status = 'sent' WHERE id = 1`")).toEqual([1]);
    expect(lines("q`\n  update messages m\n  set read_at = now(), status = 'read' where m.id = 1`")).toEqual([
      2,
    ]);
    expect(lines("q`UPDATE messages AS m SET m.status = 'failed'`")).toEqual([1]);
  });

  it("leaves SQL that only reads the status, or sets other columns", () => {
    expect(lines("q`UPDATE messages SET contact_id = 1 WHERE status = 'queued'`")).toEqual([]);
    expect(lines("q`UPDATE messages SET upstream_api = 'x' FROM v WHERE messages.status = 'sent'`")).toEqual(
      [],
    );
    expect(lines("q`UPDATE deliveries SET status = 'failed'`")).toEqual([]);
    expect(lines("q`INSERT INTO messages (id, status) VALUES (1, 'queued')`")).toEqual([]);
  });

  it("finds a Prisma update whose data names the status, spread or shorthand included", () => {
    expect(lines('tx.message.update({ where: { id }, data: { status: "read" } })')).toEqual([1]);
    expect(
      lines("db().message.updateMany({\n  where: { id },\n  data: { ...(x ? { status } : {}), readAt },\n})"),
    ).toEqual([1]);
    expect(lines('tx.message.upsert({ where: { id }, create: {}, update: { status: "sent" } })')).toEqual([
      1,
    ]);
  });

  it("leaves a Prisma update that filters on the status but writes other columns", () => {
    expect(
      lines('tx.message.updateMany({ where: { status: "sending" }, data: { sendingAt: null } })'),
    ).toEqual([]);
    expect(lines('tx.message.create({ data: { status: "queued" } })')).toEqual([]);
    expect(lines('tx.delivery.update({ where: { id }, data: { status: "failed" } })')).toEqual([]);
  });
});
