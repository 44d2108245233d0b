/**
 * `npm run bench:broadcast-floor`: the least CPU a broadcast message can cost on this machine while
 * it keeps what the product promises of it, to set beside the target of issue 33 part 4 (at most
 * 0.4 ms a message, all processes).
 *
 * PostgreSQL: the rows a broadcast message writes and nothing else (no look-up, no driver, no
 * parameters), set-based in batches of 200 as the broadcast driver writes them, a commit a batch,
 * inside one PL/pgSQL block whose backend CPU is read from /proc: the contact's rewrite that guards a conversation's
 * opening, the conversation opened, the message `queued`, the `conversation.opened` event, the
 * recipient's link to its message, the `sending` claims (groups of 25), the `sent` update (which
 * moves the recipient through its trigger) and the `message.sent` event. Each part is added to
 * the ones before it, so the differences between consecutive medians are what each part costs.
 * What a run wrote is deleted after it and the tables are vacuumed before the next. It copies the messages and recipients of a finished broadcast, so
 * run `npm run bench:broadcast` on the same database first (BENCH_DATABASE_URL, as that bench).
 *
 * The upstream request: the client's CPU for one keep-alive POST of a template body to a bare
 * node:http server on loopback answering Graph's shape, 25 in flight, as the driver sends them.
 *
 * BENCH_ROUNDS (default 3) rounds, the medians printed. Prints figures only; exits non-zero only
 * when the database holds no finished broadcast to copy.
 */
import { fork } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { cpuMs } from "@/scripts/bench/proc-cpu";
import { scratchServices } from "@/scripts/lib/runtime-env";

const MESSAGES = 20_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REQUESTS = 20_000;

/** Each part of a broadcast message's writes, in the order the driver writes them, keyed by its mode letter. */
const PARTS: [letter: string, what: string][] = [
  ["c", "contact rewritten (guards the opening)"],
  ["v", "conversation opened"],
  ["m", "message stored queued"],
  ["e", "conversation.opened event"],
  ["l", "recipient linked to its message"],
  ["s", "sending claims (8 of 25)"],
  ["t", "sent update (recipient moved by trigger)"],
  ["x", "message.sent event"],
];

/**
 * The copied rows, their new ids and their batch (b, 200 each) and claim group (g, 25 each). An
 * unlogged table, not a temporary one: the writes commit batch by batch, as the driver's do.
 */
const COPY_SQL = `
  DROP TABLE IF EXISTS floor_p;
  CREATE UNLOGGED TABLE floor_p AS
    SELECT s.*, (s.rn - 1) / 200 AS b, ((s.rn - 1) % 200) / 25 AS g,
           gen_random_uuid() AS mid, gen_random_uuid() AS cid, r.broadcast_id AS rbid, r.seq AS rseq, r.message_id AS rmid
    FROM (SELECT m.*, row_number() OVER (ORDER BY m.id) AS rn FROM messages m
          WHERE m.broadcast_id IS NOT NULL AND m.contact_id IS NOT NULL LIMIT ${MESSAGES}) s
    JOIN (SELECT broadcast_id, seq, message_id, row_number() OVER (ORDER BY seq) AS rn FROM broadcast_recipients
          WHERE message_id IS NOT NULL LIMIT ${MESSAGES}) r ON r.rn = s.rn;
  CREATE INDEX ON floor_p (b, g);
  ANALYZE floor_p;`;

/** What a run wrote, taken away again: the recipients get their messages back. */
const UNDO_SQL = `
  DELETE FROM events WHERE created_at >= $1;
  UPDATE broadcast_recipients r SET message_id = p.rmid FROM floor_p p WHERE r.broadcast_id = p.rbid AND r.seq = p.rseq;
  DELETE FROM messages WHERE id IN (SELECT mid FROM floor_p);
  DELETE FROM conversations WHERE id IN (SELECT cid FROM floor_p);
  DROP TABLE floor_p;`;

/** The writes, each part run when its letter is in the mode. */
function writesSql(mode: string): string {
  const on = (letter: string, sql: string) => (mode.includes(letter) ? sql : "");
  return `DO $$
  DECLARE bb int; gg int; now_ts timestamp := now();
  BEGIN
    FOR bb IN 0..${MESSAGES / 200 - 1} LOOP
      ${on("c", "UPDATE contacts ct SET updated_at = ct.updated_at FROM floor_p p WHERE p.b = bb AND ct.id = p.contact_id;")}
      ${on(
        "v",
        `INSERT INTO conversations (id, organization_id, contact_id, channel_id, status, opened_at, last_activity_at, created_at, updated_at)
         SELECT cid, organization_id, contact_id, channel_id, 'open', now_ts, now_ts, now_ts, now_ts FROM floor_p p WHERE b = bb;`,
      )}
      ${on(
        "m",
        `INSERT INTO messages (id, organization_id, channel_id, contact_id, conversation_id, direction, type, content, status,
                               phone, template_name, template_language, rendered_header, rendered_body, rendered_footer,
                               rendered_buttons, broadcast_id, created_at, updated_at)
         SELECT mid, organization_id, channel_id, contact_id, cid, direction, type, content, 'queued', phone, template_name,
                template_language, rendered_header, rendered_body, rendered_footer, rendered_buttons, broadcast_id, now_ts, now_ts
         FROM floor_p p WHERE b = bb;`,
      )}
      ${on(
        "e",
        `INSERT INTO events (id, organization_id, name, data, created_at)
         SELECT gen_random_uuid(), organization_id, 'conversation.opened',
                jsonb_build_object('conversationId', cid, 'contactId', contact_id, 'channelId', channel_id, 'status', 'open',
                                   'timestamp', now_ts), now_ts
         FROM floor_p p WHERE b = bb;`,
      )}
      ${on("l", "UPDATE broadcast_recipients r SET message_id = p.mid FROM floor_p p WHERE p.b = bb AND r.broadcast_id = p.rbid AND r.seq = p.rseq;")}
      ${on(
        "s",
        `FOR gg IN 0..7 LOOP
           UPDATE messages m SET status = 'sending', sending_at = now_ts, updated_at = now_ts
           FROM floor_p p WHERE p.b = bb AND p.g = gg AND m.id = p.mid;
         END LOOP;`,
      )}
      ${on(
        "t",
        `UPDATE messages m SET status = 'sent', whatsapp_message_id = 'wamid.floor.' || p.mid, sent_at = now_ts, updated_at = now_ts
         FROM floor_p p WHERE p.b = bb AND m.id = p.mid;`,
      )}
      ${on(
        "x",
        `INSERT INTO events (id, organization_id, name, data, created_at)
         SELECT gen_random_uuid(), organization_id, 'message.sent',
                jsonb_build_object('messageId', mid, 'status', 'sent', 'timestamp', now_ts), now_ts
         FROM floor_p p WHERE b = bb;`,
      )}
      COMMIT;
    END LOOP;
  END $$;`;
}

/** The backend's CPU (ms) for the writes of `mode` over MESSAGES copied messages, each batch committed, then undone. */
async function writesCpu(client: pg.Client, pid: number, mode: string): Promise<number> {
  // the last run's deleted rows are dead entries in every index (the bench's server runs with
  // autovacuum off): without this each run pays for the ones before it
  await client.query("VACUUM messages, conversations, events, broadcast_recipients, contacts");
  await client.query(COPY_SQL);
  const { rows } = await client.query<{ at: Date }>("SELECT clock_timestamp()::timestamp AS at");
  const before = cpuMs(pid);
  try {
    await client.query(writesSql(mode));
    return cpuMs(pid) - before;
  } finally {
    // one statement at a time: a parameter is not allowed in a multi-statement query
    const [first, ...rest] = UNDO_SQL.split(";")
      .map((x) => x.trim())
      .filter(Boolean);
    await client.query(first as string, [rows[0]?.at]);
    for (const statement of rest) await client.query(statement);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

async function postgresFloor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string; pid: number }>(
      "SELECT count(*) AS n, pg_backend_pid() AS pid FROM messages WHERE broadcast_id IS NOT NULL AND status = 'sent'",
    );
    const pid = rows[0]?.pid ?? 0;
    if (Number(rows[0]?.n ?? 0) < MESSAGES) {
      console.error(
        `${url} holds fewer than ${MESSAGES} sent broadcast messages: run npm run bench:broadcast on it first`,
      );
      process.exit(1);
    }
    const prefixes = PARTS.map((_, i) =>
      PARTS.slice(0, i + 1)
        .map(([letter]) => letter)
        .join(""),
    );
    const runs = new Map<string, number[]>(prefixes.map((p) => [p, []]));
    for (let round = 1; round <= ROUNDS; round++)
      for (const prefix of prefixes) runs.get(prefix)?.push(await writesCpu(client, pid, prefix));
    console.log(
      `PostgreSQL, the writes alone (${MESSAGES} messages in batches of 200, ${ROUNDS} rounds, medians):`,
    );
    let previous = 0;
    for (const [i, prefix] of prefixes.entries()) {
      const total = median(runs.get(prefix) ?? []) / MESSAGES;
      console.log(
        `  + ${(PARTS[i]?.[1] ?? "").padEnd(44)} ${(total - previous).toFixed(3)} ms  (so far ${total.toFixed(3)})`,
      );
      previous = total;
    }
    return previous;
  } finally {
    await client.end();
  }
}

/** The bare server, in a process of its own so that its CPU is not the client's. */
function serve(): void {
  const body = JSON.stringify({
    messaging_product: "whatsapp",
    contacts: [{ input: "+15550000000", wa_id: "15550000000" }],
    messages: [
      { id: "wamid.HBgLMTU1NTAwMDAwMDAVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA", message_status: "accepted" },
    ],
  });
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(body);
    });
  });
  server.listen(0, "127.0.0.1", () => process.send?.((server.address() as AddressInfo).port));
}

async function requestFloor(): Promise<number> {
  const child = fork(process.argv[1] as string, ["serve"], { execArgv: process.execArgv });
  try {
    const port = await new Promise<number>((resolve) => child.once("message", (m) => resolve(Number(m))));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 25 });
    const payload = JSON.stringify({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "+15550001234",
      type: "template",
      biz_opaque_callback_data: "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
      template: {
        name: "spring_sale",
        language: { code: "en_US" },
        components: [{ type: "body", parameters: [{ type: "text", text: "Ada" }] }],
      },
    });
    const one = () =>
      new Promise<unknown>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            path: "/v23.0/1/messages",
            method: "POST",
            agent,
            headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
          },
        );
        req.on("error", reject);
        req.end(payload);
      });
    const run = async (n: number) => {
      for (let i = 0; i < n; i += 25) await Promise.all(Array.from({ length: 25 }, one));
    };
    await run(5_000); // warm: JIT, sockets
    const costs: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const start = process.cpuUsage();
      await run(REQUESTS);
      const used = process.cpuUsage(start);
      costs.push((used.user + used.system) / 1000 / REQUESTS);
    }
    agent.destroy();
    const floor = median(costs);
    console.log(
      `the upstream request, client side (${REQUESTS} keep-alive POSTs, 25 in flight, ${ROUNDS} rounds, median): ${floor.toFixed(3)} ms`,
    );
    return floor;
  } finally {
    child.kill();
  }
}

async function main(): Promise<void> {
  const url =
    process.env.BENCH_DATABASE_URL ?? scratchServices(process.cwd(), "messaging_bench", 12).databaseUrl;
  console.log("bench:broadcast-floor — the least CPU a broadcast message costs on this machine\n");
  const database = await postgresFloor(url);
  const request = await requestFloor();
  console.log(
    `\nfloor a broadcast message: PostgreSQL ${database.toFixed(3)} + upstream request ${request.toFixed(3)} = ${(database + request).toFixed(3)} ms` +
      " (a commit a batch counted; no look-up, rendering, driver or vacuum)",
  );
}

if (process.argv[2] === "serve") serve();
else await main();
