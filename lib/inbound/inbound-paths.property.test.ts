import { randomBytes, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { PrismaPg } from "@prisma/adapter-pg";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { type Channel, Prisma, PrismaClient } from "@/lib/generated/prisma/client.ts";
import type { ChangeValue, InboundMessage } from "@/lib/inbound/notification-schema";
import { processInboundMessage } from "@/lib/inbound/process-inbound-message";
import { processStatus } from "@/lib/inbound/process-status";
import { sanitizeNotification } from "@/lib/inbound/sanitize-notification";
import {
  type PrefetchedMessage,
  prefetchedOf,
  type SoleStatusRow,
  soleStatusMessageSql,
} from "@/lib/inbound/status-message";

/**
 * Issue 35 item 3: an ordinary inbound message is written by one statement
 * (lib/inbound/repository/ordinary-inbound.ts) that restates, in SQL, what the transaction of
 * process-inbound-message.ts does through find-or-create-inbound-contact.ts,
 * touch-conversation.ts, mark-replied.ts and the channel touch. This property holds the two
 * together: random sequences of customer messages (two organizations; known and new customers by
 * number and by business-scoped user id; open, resolved, quiet and other-owned conversations;
 * broadcast replies; reactions to our messages; stop words; standby copies; duplicates; late
 * and early timestamps) go through the product's path (the statement first) on one database and
 * through the transaction alone on another, and every row of every table and the deliveries each
 * call answers (in order) must be the same once generated ids are named by where they appear.
 *
 * The clock is the test's (Date only, frozen per message): the paths stamp rows with the time
 * they read, so equal rows need equal times.
 */

// the test database's name with a suffix (scripts/test/setup-env.ts sets DATABASE_URL to it)
const scratch = (suffix: string) => {
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `${url.pathname}_${suffix}`;
  return url.toString();
};
const STATEMENT_DB = scratch("paths_statement");
const TRANSACTION_DB = scratch("paths_transaction");

const pathOf = (url: string) => new URL(url).pathname.slice(1);

/**
 * `url`'s database dropped and created again, empty or a copy of `template`'s (nothing may be
 * connected to that one). lib/ does not import scripts/ (lint): scripts/lib/database.ts's
 * recreateDatabase, with the template option.
 */
async function recreate(url: string, template?: string) {
  const name = pathOf(url);
  if (!/^[a-z0-9_]+_paths_[a-z]+$/.test(name)) throw new Error(`refusing to recreate ${name}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${pathOf(template)}` : ""}`);
  } finally {
    await client.end();
  }
}

/**
 * prisma/migrations' SQL in order, as `prisma migrate deploy` runs it (without its bookkeeping
 * table, which a scratch database does not need; scripts/migrate.ts is out of lib's reach).
 */
async function migrate(url: string) {
  const dir = new URL("../../prisma/migrations/", import.meta.url);
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of names)
      await client.query(await readFile(new URL(`${name}/migration.sql`, dir), "utf8"));
  } finally {
    await client.end();
  }
}

type Side = { name: "statement" | "transaction"; url: string; client: PrismaClient; pool: pg.Pool };
let sides: Side[] = [];

/**
 * db() and rawQuery answer from this side's database (the process-wide client and pool are
 * swapped, not mocked).
 */
function use(side: Side) {
  (globalThis as unknown as { db?: PrismaClient; pool?: pg.Pool }).db = side.client;
  (globalThis as unknown as { pool?: pg.Pool }).pool = side.pool;
  expect(db()).toBe(side.client);
}

beforeAll(async () => {
  // one database migrated, the other its copy (CREATE DATABASE … TEMPLATE: faster than migrating)
  await recreate(STATEMENT_DB);
  await migrate(STATEMENT_DB);
  await recreate(TRANSACTION_DB, STATEMENT_DB);
  sides = [];
  for (const [name, url] of [
    ["statement", STATEMENT_DB],
    ["transaction", TRANSACTION_DB],
  ] as const) {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    sides.push({
      name,
      url,
      pool,
      client: new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) }),
    });
  }
}, 120_000);

afterAll(async () => {
  vi.useRealTimers();
  (globalThis as unknown as { db?: PrismaClient }).db = undefined;
  (globalThis as unknown as { pool?: pg.Pool }).pool = undefined;
  for (const side of sides) {
    await side.client.$disconnect();
    await side.pool.end();
  }
});

// ---------------------------------------------------------------------------------------------
// The scenario

const BASE = Date.UTC(2026, 5, 1, 12, 0, 0);
const HOUR = 3_600_000;

type Known =
  | "none"
  | "phone"
  | "bsuid"
  | "both"
  | "both+username"
  /** known by an older username: the message's is new */
  | "both+old-username"
  /** known by the number with another user id (Meta issued a new one) */
  | "phone+other-bsuid"
  /** known twice, once by number and once by user id: the message names both, the two become one */
  | "split";
type ConversationSeed =
  | "none"
  | "open"
  | "open-no-channel"
  | "open-other"
  | "open-other-app"
  | "resolved"
  | "resolved+open"
  /** two open conversations on the channel with the same last activity: the one with the larger id continues */
  | "open+tied"
  | "quiet";
type BroadcastSeed = "none" | "delivered-2h" | "read-20h" | "delivered-30h" | "sent";
type Seed = {
  known: Known;
  conversation: ConversationSeed;
  broadcast: BroadcastSeed;
  profile: string | null;
};

type Content =
  | { kind: "text"; body: string }
  | { kind: "image" | "video" | "audio" | "document" | "sticker"; caption: string | null }
  | { kind: "location" }
  | { kind: "reaction"; toOurs: boolean; emoji: string }
  | { kind: "button" }
  | { kind: "list" }
  | { kind: "quick-reply" }
  | { kind: "contacts" }
  | { kind: "unsupported" };

type Step = {
  org: 0 | 1;
  /** each organization has two numbers */
  channel: 0 | 1;
  /** the number written with a "+" (the upstream does not; the paths must agree all the same) */
  plus: boolean;
  /** the change's contacts[] entry (profile name, username) left out */
  bare: boolean;
  customer: number;
  ids: "phone" | "bsuid" | "both";
  username: boolean;
  /** the contacts[] entry's profile name */
  profile: string | null;
  content: Content;
  gapMs: number;
  /** how long before its receipt the customer wrote (negative: a clock ahead); null: no timestamp */
  lagS: number | null;
  standby: boolean;
  /** the upstream id of an earlier step again (a notification delivered twice) */
  repeat: number | null;
  parent: boolean;
};

type Scenario = { seeds: Seed[][]; steps: Step[] };

const CUSTOMERS = 3;

const seedArb: fc.Arbitrary<Seed> = fc.record({
  known: fc.constantFrom<Known>(
    "none",
    "phone",
    "bsuid",
    "both",
    "both+username",
    "both+old-username",
    "phone+other-bsuid",
    "split",
  ),
  conversation: fc.constantFrom<ConversationSeed>(
    "none",
    "open",
    "open-no-channel",
    "open-other",
    "open-other-app",
    "resolved",
    "resolved+open",
    "open+tied",
    "quiet",
  ),
  broadcast: fc.constantFrom<BroadcastSeed>("none", "delivered-2h", "read-20h", "delivered-30h", "sent"),
  profile: fc.constantFrom<string | null>(null, "Ana", "Old name"),
});

const contentArb: fc.Arbitrary<Content> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("text" as const),
      body: fc.oneof(
        fc.constantFrom("hi", "stop", " Stop ", "STOPP", ""),
        fc.string({ unit: "binary", maxLength: 6 }),
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        "image" as const,
        "video" as const,
        "audio" as const,
        "document" as const,
        "sticker" as const,
      ),
      caption: fc.constantFrom<string | null>(null, "look"),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("location" as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("reaction" as const),
      toOurs: fc.boolean(),
      emoji: fc.constantFrom("👍", ""),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom("button" as const, "list" as const, "quick-reply" as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("contacts" as const, "unsupported" as const) }) },
);

const stepArb: fc.Arbitrary<Omit<Step, "standby" | "plus" | "bare">> = fc.record({
  org: fc.constantFrom<0 | 1>(0, 1),
  channel: fc.constantFrom<0 | 1>(0, 0, 1),
  customer: fc.nat(CUSTOMERS - 1),
  ids: fc.constantFrom<Step["ids"]>("phone", "phone", "bsuid", "both", "both"),
  username: fc.boolean(),
  profile: fc.oneof(
    fc.constantFrom<string | null>("Ana", "Ana", "Ana B.", null, ""),
    fc.string({ unit: "binary", maxLength: 4 }),
  ),
  content: contentArb,
  gapMs: fc.constantFrom(0, 1, 1_000, 30_000, 61_000, 2 * HOUR, 23 * HOUR, 25 * HOUR),
  lagS: fc.constantFrom<number | null>(0, 0, 5, 3 * 3600, 30 * 3600, -60, null),
  repeat: fc.option(fc.nat(7), { freq: 6 }),
  parent: fc.boolean(),
});

const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  seeds: fc.tuple(
    fc.array(seedArb, { minLength: CUSTOMERS, maxLength: CUSTOMERS }),
    fc.array(seedArb, { minLength: CUSTOMERS, maxLength: CUSTOMERS }),
  ),
  steps: fc.array(
    // one message in six a standby copy (another responder owned the conversation); one in ten
    // with a "+" number, one in ten without the contacts[] entry
    fc
      .tuple(stepArb, fc.nat(5), fc.nat(9), fc.nat(9))
      .map(([step, n, p, b]): Step => ({ ...step, standby: n === 0, plus: p === 0, bare: b === 0 })),
    { minLength: 1, maxLength: 8 },
  ),
});

// the customers' identifiers, the same in both organizations (one number can write to both)
const digitsOf = (c: number) => `4915110000${c}`;
const bsuidOf = (c: number) => `US.${1_000_000 + c}`;
const usernameOf = (c: number) => `@user${c}`;

// ---------------------------------------------------------------------------------------------
// Seeding and driving one side

/** label → this side's id, for the rows the scenario seeds */
type Labels = Map<string, string>;

/** Every row of the last run gone: each belongs to an organization (ON DELETE CASCADE). */
async function emptyDatabase(side: Side) {
  await side.pool.query("DELETE FROM organizations");
}

async function seed(scenario: Scenario): Promise<{ labels: Labels; channels: Channel[] }> {
  const labels: Labels = new Map();
  const channels: Channel[] = [];
  vi.setSystemTime(BASE - 100 * 24 * HOUR);
  for (const o of [0, 1] as const) {
    const org = await db().organization.create({
      data: { name: `Paths ${o}`, marketingStopWords: ["STOP"] },
    });
    labels.set(`org${o}`, org.id);
    for (const n of [0, 1]) {
      const number = await db().channel.create({
        data: {
          organizationId: org.id,
          name: `Channel ${o}.${n}`,
          phoneNumberId: `pn-${randomUUID()}`,
          wabaId: `waba-${o}`,
          accessTokenEnc: "sealed",
        },
      });
      labels.set(`channel${o}.${n}`, number.id);
      channels.push(number);
    }
    const channel = channels[o * 2] as Channel;
    const webhookId = `wbk_${randomBytes(8).toString("hex")}`;
    labels.set(`webhook${o}`, webhookId);
    await db().webhook.create({
      data: {
        id: webhookId,
        organizationId: org.id,
        name: "all",
        url: "http://127.0.0.1:9/none",
        events: [
          "contact.created",
          "contact.updated",
          "conversation.opened",
          "conversation.owner_changed",
          "message.inbound",
          "contact.marketing_preference_changed",
        ],
      },
    });
    // an outbound message of ours a reaction can name (wamid.ours-<org>)
    const agent = await db().contact.create({ data: { organizationId: org.id, phone: "+15550000000" } });
    labels.set(`agent${o}`, agent.id);
    const ours = await db().message.create({
      data: {
        organizationId: org.id,
        channelId: channel.id,
        contactId: agent.id,
        direction: "outbound",
        type: "text",
        content: { text: "ours" },
        status: "delivered",
        phone: agent.phone,
        whatsappMessageId: `wamid.ours-${o}`,
        createdAt: new Date(BASE - 2 * HOUR),
      },
    });
    labels.set(`ours${o}`, ours.id);
    const broadcast = await db().broadcast.create({
      data: {
        organizationId: org.id,
        channelId: channel.id,
        name: "b",
        status: "completed",
        templateName: "t",
        templateLanguage: "en",
        templateCategory: "MARKETING",
        components: [],
        placeholders: [],
        total: CUSTOMERS,
      },
    });
    labels.set(`broadcast${o}`, broadcast.id);
    for (let c = 0; c < CUSTOMERS; c++) {
      const s = scenario.seeds[o]?.[c] as Seed;
      if (s.known === "none") continue;
      if (s.known === "split") {
        const byBsuid = await db().contact.create({
          data: {
            organizationId: org.id,
            bsuid: bsuidOf(c),
            profileName: "By user id",
            createdAt: new Date(BASE - HOUR),
          },
        });
        labels.set(`split${o}.${c}`, byBsuid.id);
      }
      const contact = await db().contact.create({
        data: {
          organizationId: org.id,
          phone: s.known === "bsuid" ? null : `+${digitsOf(c)}`,
          bsuid:
            s.known === "phone" || s.known === "split"
              ? null
              : s.known === "phone+other-bsuid"
                ? `US.old-${c}`
                : bsuidOf(c),
          username:
            s.known === "both+username" ? usernameOf(c) : s.known === "both+old-username" ? `@old${c}` : null,
          profileName: s.profile,
          name: s.profile,
          lastInboundAt: new Date(BASE - 5 * HOUR),
        },
      });
      labels.set(`contact${o}.${c}`, contact.id);
      if (s.conversation === "resolved+open") {
        const resolved = await db().conversation.create({
          data: {
            organizationId: org.id,
            contactId: contact.id,
            channelId: channel.id,
            status: "resolved",
            openedAt: new Date(BASE - 10 * HOUR),
            lastActivityAt: new Date(BASE - HOUR),
          },
        });
        labels.set(`resolved${o}.${c}`, resolved.id);
      }
      if (s.conversation === "open+tied") {
        // created first, so that a scan in index order without the id as tie-breaker meets it first
        const lower = await db().conversation.create({
          data: {
            id: tiedId("a", o, c),
            organizationId: org.id,
            contactId: contact.id,
            channelId: channel.id,
            status: "open",
            openedAt: new Date(BASE - 4 * HOUR),
            lastActivityAt: new Date(BASE - 3 * HOUR),
          },
        });
        labels.set(`tied-lower${o}.${c}`, lower.id);
      }
      if (s.conversation !== "none") {
        const last =
          s.conversation === "quiet"
            ? BASE - 30 * HOUR
            : s.conversation === "resolved"
              ? BASE - HOUR
              : BASE - 3 * HOUR;
        const conversation = await db().conversation.create({
          data: {
            ...(s.conversation === "open+tied" ? { id: tiedId("f", o, c) } : {}),
            organizationId: org.id,
            contactId: contact.id,
            channelId: s.conversation === "open-no-channel" ? null : channel.id,
            status: s.conversation === "resolved" ? "resolved" : "open",
            openedAt: new Date(last - HOUR),
            lastActivityAt: new Date(last),
            owner: s.conversation.startsWith("open-other") ? "other" : "us",
            ownerAppId: s.conversation === "open-other-app" ? "app-123" : null,
          },
        });
        labels.set(`conversation${o}.${c}`, conversation.id);
      }
      if (s.broadcast !== "none") {
        const delivered =
          s.broadcast === "delivered-2h"
            ? BASE - 2 * HOUR
            : s.broadcast === "read-20h"
              ? BASE - 20 * HOUR
              : BASE - 30 * HOUR;
        await db().broadcastRecipient.create({
          data: {
            broadcastId: broadcast.id,
            seq: c,
            organizationId: org.id,
            contactId: contact.id,
            phone: contact.phone,
            status: s.broadcast === "sent" ? "sent" : s.broadcast === "read-20h" ? "read" : "delivered",
            sentAt: new Date(delivered - 60_000),
            deliveredAt: s.broadcast === "sent" ? null : new Date(delivered),
          },
        });
      }
    }
  }
  return { labels, channels };
}

/** The ids of an "open+tied" pair: the same on both databases, the "f" one the larger. */
function tiedId(first: "a" | "f", org: number, customer: number): string {
  return `${first}0000000-0000-4000-8000-00000000${org}${customer}00`;
}

function notification(step: Step, index: number, receivedAt: number) {
  const c = step.customer;
  const withPhone = step.ids !== "bsuid";
  const withBsuid = step.ids !== "phone";
  const repeated = step.repeat !== null && step.repeat < index ? step.repeat : null;
  const id = `wamid.step-${repeated ?? index}`;
  const base: Record<string, unknown> = {
    id,
    ...(withPhone ? { from: `${step.plus ? "+" : ""}${digitsOf(c)}` } : {}),
    ...(withBsuid ? { from_user_id: bsuidOf(c) } : {}),
    ...(withBsuid && step.parent ? { from_parent_user_id: `US.parent-${c}` } : {}),
    ...(step.lagS === null ? {} : { timestamp: String(Math.floor(receivedAt / 1000) - step.lagS) }),
  };
  const content = step.content;
  switch (content.kind) {
    case "text":
      Object.assign(base, { type: "text", text: { body: content.body } });
      break;
    case "image":
    case "video":
    case "audio":
    case "document":
    case "sticker":
      Object.assign(base, {
        type: content.kind,
        [content.kind]: {
          id: `media-${index}`,
          mime_type: content.kind === "document" ? "application/pdf" : undefined,
          sha256: "abc",
          ...(content.caption === null ? {} : { caption: content.caption }),
          ...(content.kind === "document" ? { filename: "a.pdf" } : {}),
        },
      });
      break;
    case "location":
      Object.assign(base, { type: "location", location: { latitude: 52.5, longitude: 13.4, name: "Here" } });
      break;
    case "reaction":
      Object.assign(base, {
        type: "reaction",
        reaction: {
          message_id: content.toOurs ? `wamid.ours-${step.org}` : "wamid.unknown",
          emoji: content.emoji,
        },
      });
      break;
    case "button":
      Object.assign(base, {
        type: "interactive",
        interactive: { type: "button_reply", button_reply: { id: "b1", title: "Yes" } },
      });
      break;
    case "list":
      Object.assign(base, {
        type: "interactive",
        interactive: { type: "list_reply", list_reply: { id: "l1", title: "One", description: "first" } },
      });
      break;
    case "quick-reply":
      Object.assign(base, { type: "button", button: { payload: "P", text: "Go" } });
      break;
    case "contacts":
      Object.assign(base, { type: "contacts", contacts: [{ name: { formatted_name: "Bo" } }] });
      break;
    case "unsupported":
      Object.assign(base, { type: "unsupported", errors: [{ code: 131051 }] });
      break;
  }
  const contact: Record<string, unknown> = {
    ...(withPhone ? { wa_id: digitsOf(c) } : {}),
    ...(withBsuid ? { user_id: bsuidOf(c) } : {}),
    profile: {
      ...(step.profile === null ? {} : { name: step.profile }),
      ...(step.username ? { username: usernameOf(c) } : {}),
    },
  };
  const value: ChangeValue = {
    messaging_product: "whatsapp",
    metadata: { phone_number_id: "ignored" },
    contacts: step.bare ? undefined : [contact],
    messages: [base],
  };
  // as the receiver stores it: U+0000 and lone surrogates, which PostgreSQL refuses, become U+FFFD
  // (lib/inbound/receive-notification.ts), so neither path ever sees them
  const stored = sanitizeNotification({ message: base, value }) as {
    message: InboundMessage;
    value: ChangeValue;
  };
  return stored;
}

type Call = { path: string | undefined; deliveries: string[]; stored: boolean; threw?: string };

async function drive(side: Side, scenario: Scenario): Promise<{ labels: Labels; calls: Call[] }> {
  use(side);
  await emptyDatabase(side);
  const { labels, channels } = await seed(scenario);
  const calls: Call[] = [];
  let now = BASE;
  for (const [index, step] of scenario.steps.entries()) {
    now += step.gapMs;
    vi.setSystemTime(now);
    const { message, value } = notification(step, index, now);
    try {
      const result = await processInboundMessage(
        channels[step.org * 2 + step.channel] as Channel,
        message,
        value,
        undefined,
        step.standby,
        side.name === "statement",
      );
      calls.push({ path: result.path, deliveries: result.deliveryIds, stored: result.messageId !== null });
    } catch (error) {
      // both paths must refuse the same messages
      calls.push({ path: undefined, deliveries: [], stored: false, threw: String(error).slice(0, 120) });
    }
  }
  return { labels, calls };
}

// ---------------------------------------------------------------------------------------------
// Every row, with generated ids named by where they first appear

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const DELIVERY_ID = /wh_\d+_[0-9a-f]{16}/g;
const WEBHOOK_ID = /wbk_[0-9a-f]{16}/g;

type Rows = Record<string, Record<string, unknown>[]>;

async function dump(side: Side): Promise<Rows> {
  const { rows: tables } = await side.pool.query<{ t: string }>(
    `SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1`,
  );
  const out: Rows = {};
  for (const { t } of tables) {
    const { rows } = await side.pool.query(`SELECT * FROM "${t}"`);
    if (rows.length > 0) out[t] = rows;
  }
  return out;
}

function canonical(rows: Rows, labels: Labels, calls: Call[]) {
  const name = new Map<string, string>([...labels].map(([label, id]) => [id, label]));
  const seen = (id: unknown, label: string) => {
    if (typeof id !== "string" || name.has(id)) return false;
    name.set(id, label);
    return true;
  };
  // the messages in the order written (their upstream ids are the scenario's), then what they made
  const messages = [...(rows.messages ?? [])].sort((a, b) =>
    String(a.whatsapp_message_id).localeCompare(String(b.whatsapp_message_id), "en", { numeric: true }),
  );
  let contacts = 0;
  let conversations = 0;
  for (const m of messages) {
    seen(m.id, `message:${m.whatsapp_message_id}`);
    if (seen(m.contact_id, `new-contact-${contacts}`)) contacts++;
    if (seen(m.conversation_id, `new-conversation-${conversations}`)) conversations++;
  }
  for (const c of rows.contacts ?? [])
    seen(c.id, `contact:${c.organization_id === labels.get("org0") ? 0 : 1}:${c.phone}:${c.bsuid}`);
  const replace = (value: unknown): unknown => {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === "string") {
      return value
        .replace(UUID, (id) => name.get(id) ?? "<unnamed uuid>")
        .replace(DELIVERY_ID, (id) => name.get(id) ?? "<unnamed delivery>")
        .replace(WEBHOOK_ID, (id) => name.get(id) ?? "<unnamed webhook>");
    }
    if (typeof value === "bigint") return value.toString();
    if (Array.isArray(value)) return value.map(replace);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replace(v)]));
    }
    return value;
  };
  // events: by time, name and what they say (their ids are random), then their deliveries
  const events = (rows.events ?? [])
    .map((e) => ({ e, key: JSON.stringify(replace({ ...e, id: null })) }))
    .sort((a, b) => a.key.localeCompare(b.key));
  for (const [i, { e }] of events.entries()) seen(e.id, `event-${i}`);
  for (const d of rows.deliveries ?? [])
    seen(d.id, `delivery:${name.get(d.event_id as string)}:${name.get(d.webhook_id as string)}`);
  // a broadcast's counters are sharded at random (the trigger spreads the writes): their sums count
  if (rows.broadcast_counters) rows.broadcast_counters = sumShards(rows.broadcast_counters);
  // so is the daily usage (a random slot per write): the counts per day, number and pricing count
  if (rows.usage_daily) rows.usage_daily = sumSlots(rows.usage_daily);
  const tables = Object.fromEntries(
    Object.entries(rows).map(([t, list]) => [t, list.map((r) => JSON.stringify(replace(r))).sort()]),
  );
  return {
    tables,
    calls: calls.map((c) => ({ ...c, deliveries: c.deliveries.map((d) => name.get(d) ?? d) })),
  };
}

function sumSlots(rows: Record<string, unknown>[]) {
  const sums = new Map<string, Record<string, unknown>>();
  for (const { slot: _, count, ...row } of rows) {
    const key = JSON.stringify(row);
    const sum = sums.get(key) ?? { ...row, count: 0 };
    sum.count = Number(sum.count) + Number(count);
    sums.set(key, sum);
  }
  return [...sums.values()];
}

function sumShards(rows: Record<string, unknown>[]) {
  const sums = new Map<string, Record<string, unknown>>();
  for (const { shard: _, ...row } of rows) {
    const key = String(row.broadcast_id);
    const sum = sums.get(key) ?? { broadcast_id: key };
    for (const [k, v] of Object.entries(row)) {
      if (k !== "broadcast_id") sum[k] = Number(sum[k] ?? 0) + Number(v);
    }
    sums.set(key, sum);
  }
  return [...sums.values()];
}

// ---------------------------------------------------------------------------------------------

describe("an ordinary inbound message: the one statement and the transaction write the same", () => {
  it("random sequences of messages leave every table the same on both databases", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let statementStored = 0;
    let transactionStored = 0;
    try {
      await fc.assert(
        fc.asyncProperty(scenarioArb, async (scenario) => {
          const results = [];
          for (const side of sides) {
            const { labels, calls } = await drive(side, scenario);
            results.push(canonical(await dump(side), labels, calls));
          }
          const [statement, transaction] = results;
          statementStored += statement?.calls.filter((c) => c.path === "statement").length ?? 0;
          transactionStored += statement?.calls.filter((c) => c.path === "transaction").length ?? 0;
          // what each call answered (the deliveries in the order recorded), whether it threw (not why)
          const answers = (calls: Call[] | undefined) =>
            calls?.map(({ path: _, threw, ...c }) => ({ ...c, threw: threw !== undefined }));
          expect(answers(statement?.calls)).toEqual(answers(transaction?.calls));
          expect(statement?.tables).toEqual(transaction?.tables);
        }),
        {
          numRuns: Number(process.env.PATHS_RUNS ?? 25),
          seed: process.env.PATHS_SEED ? Number(process.env.PATHS_SEED) : undefined,
        },
      );
    } finally {
      vi.useRealTimers();
    }
    // the statement must have taken a good share, or the property compared the transaction with itself
    expect(statementStored).toBeGreaterThan(transactionStored / 4);
    console.log(
      `inbound paths: ${statementStored} messages by the statement, ${transactionStored} by the transaction`,
    );
  }, 300_000);

  it("two open conversations with the same last activity: both paths continue the one with the larger id", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const tied: Seed = { known: "phone", conversation: "open+tied", broadcast: "none", profile: null };
      const seeds = [0, 1].map(() => Array.from({ length: CUSTOMERS }, () => tied));
      const step: Step = {
        org: 0,
        channel: 0,
        plus: false,
        bare: false,
        customer: 0,
        ids: "phone",
        username: false,
        profile: null,
        content: { kind: "text", body: "hello" },
        gapMs: 1_000,
        lagS: 0,
        standby: false,
        repeat: null,
        parent: false,
      };
      for (const side of sides) {
        const { calls } = await drive(side, { seeds, steps: [step] });
        const { rows } = await side.pool.query(
          "SELECT conversation_id FROM messages WHERE whatsapp_message_id = 'wamid.step-0'",
        );
        expect({ path: calls[0]?.path, rows }, side.name).toEqual({
          path: side.name,
          rows: [{ conversation_id: tiedId("f", 0, 0) }],
        });
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The other fast path: a status notification's message read with the notification

/**
 * A notification of one status alone reads its message with its payload (soleStatusMessageSql,
 * SQL over the JSON) instead of findStatusMessage's lookup; both restate "by wamid, else by our id in
 * biz_opaque_callback_data (outbound only), on a channel of the notification's number". Random
 * statuses go through processStatus with the message read with the notification on one database
 * and with findStatusMessage on the other; every row must match.
 */
/** our id in biz_opaque_callback_data: of message k, or of the message the wamid names ("same") */
type Opaque = "none" | "not-a-uuid" | "unknown-uuid" | { message: number | "same"; upper: boolean };
type StatusStep = {
  wamid: number | "unknown";
  opaque: Opaque;
  /** org * 2 + channel, or 4: a number no channel has; "own": the named message's */
  number: number | "own";
  status: "sent" | "delivered" | "read" | "failed" | "deleted";
  gapS: number;
  pricing: boolean;
  standby: boolean;
};
type OutSeed = {
  org: 0 | 1;
  channel: 0 | 1;
  status: "sending" | "sent" | "delivered";
  direction: "outbound" | "inbound";
  other: boolean;
};

const OUT = 6;
const outSeedArb: fc.Arbitrary<OutSeed> = fc.record({
  org: fc.constantFrom<0 | 1>(0, 1),
  channel: fc.constantFrom<0 | 1>(0, 1),
  status: fc.constantFrom<OutSeed["status"]>("sending", "sent", "sent", "delivered"),
  direction: fc.constantFrom<OutSeed["direction"]>("outbound", "outbound", "outbound", "inbound"),
  other: fc.nat(4).map((n) => n === 0),
});
const statusStepArb: fc.Arbitrary<StatusStep> = fc.record({
  wamid: fc.oneof(
    { weight: 4, arbitrary: fc.nat(OUT - 1) },
    { weight: 1, arbitrary: fc.constant("unknown" as const) },
  ),
  opaque: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<Opaque>("none", "none", "not-a-uuid", "unknown-uuid") },
    {
      weight: 3,
      arbitrary: fc.record({
        message: fc.oneof(fc.constant("same" as const), fc.nat(OUT - 1)),
        upper: fc.boolean(),
      }),
    },
  ),
  number: fc.oneof(
    { weight: 3, arbitrary: fc.constant("own" as const) },
    { weight: 2, arbitrary: fc.constantFrom(0, 1, 2, 3, 4) },
  ),
  status: fc.constantFrom<StatusStep["status"]>("sent", "delivered", "read", "failed", "deleted"),
  gapS: fc.constantFrom(0, 1, 60),
  pricing: fc.boolean(),
  standby: fc.nat(5).map((n) => n === 0),
});
const statusScenarioArb = fc.record({
  messages: fc.array(outSeedArb, { minLength: OUT, maxLength: OUT }),
  steps: fc.array(statusStepArb, { minLength: 1, maxLength: 8 }),
});
type StatusScenario = { messages: OutSeed[]; steps: StatusStep[] };

async function driveStatuses(side: Side, scenario: StatusScenario, run: number) {
  use(side);
  await emptyDatabase(side);
  const labels: Labels = new Map();
  vi.setSystemTime(BASE - HOUR);
  const numbers = [0, 1, 2, 3].map((i) => `pn-${run}-${i}`);
  const channels: Channel[] = [];
  for (const o of [0, 1]) {
    const org = await db().organization.create({ data: { name: `Statuses ${o}` } });
    labels.set(`org${o}`, org.id);
    const contact = await db().contact.create({ data: { organizationId: org.id, phone: "+4915112345678" } });
    labels.set(`contact${o}`, contact.id);
    labels.set(`webhook${o}`, `wbk_${o}000000000000000`);
    await db().webhook.create({
      data: {
        id: `wbk_${o}000000000000000`,
        organizationId: org.id,
        name: "statuses",
        url: "http://127.0.0.1:9/none",
        events: ["message.sent", "message.delivered", "message.read", "message.failed"],
      },
    });
    for (const n of [0, 1]) {
      const channel = await db().channel.create({
        data: {
          organizationId: org.id,
          name: `n${n}`,
          phoneNumberId: numbers[o * 2 + n] as string,
          wabaId: `waba-${o}`,
          accessTokenEnc: "sealed",
        },
      });
      labels.set(`channel${o}.${n}`, channel.id);
      channels.push(channel);
    }
  }
  const ids: string[] = [];
  for (const [k, m] of scenario.messages.entries()) {
    const channel = channels[m.org * 2 + m.channel] as Channel;
    const message = await db().message.create({
      data: {
        organizationId: channel.organizationId,
        channelId: channel.id,
        contactId: labels.get(`contact${m.org}`) as string,
        direction: m.direction,
        type: "text",
        content: { text: "hi" },
        status: m.direction === "inbound" ? "delivered" : m.status,
        phone: "+4915112345678",
        whatsappMessageId: m.status === "sending" && m.direction === "outbound" ? null : `wamid.out-${k}`,
        sentAt: m.status === "sending" ? null : new Date(BASE - 2 * HOUR),
        responder: m.other ? "other" : "us",
      },
    });
    labels.set(`message${k}`, message.id);
    ids.push(message.id);
  }
  const calls: { deliveries: string[]; threw: boolean }[] = [];
  let now = BASE;
  for (const step of scenario.steps) {
    now += step.gapS * 1000;
    vi.setSystemTime(now);
    // the message the status is about: the wamid's, else the one our id names
    const named =
      step.wamid !== "unknown"
        ? step.wamid
        : typeof step.opaque === "object" && step.opaque.message !== "same"
          ? step.opaque.message
          : 0;
    const opaque =
      step.opaque === "none"
        ? undefined
        : step.opaque === "not-a-uuid"
          ? "order-17"
          : step.opaque === "unknown-uuid"
            ? "00000000-0000-4000-8000-000000000000"
            : (ids[step.opaque.message === "same" ? named : step.opaque.message] as string)[
                step.opaque.upper ? "toUpperCase" : "toLowerCase"
              ]();
    const seeded = scenario.messages[named] as OutSeed;
    const number =
      numbers[step.number === "own" ? seeded.org * 2 + seeded.channel : step.number] ?? "pn-nobody";
    const status = {
      id: step.wamid === "unknown" ? "wamid.unknown" : `wamid.out-${step.wamid}`,
      status: step.status,
      timestamp: String(Math.floor(now / 1000)),
      recipient_id: "4915112345678",
      ...(opaque ? { biz_opaque_callback_data: opaque } : {}),
      ...(step.pricing
        ? { pricing: { billable: true, pricing_model: "PMP", category: "utility", type: "regular" } }
        : {}),
    };
    let prefetched: PrefetchedMessage | null | undefined;
    if (side.name === "statement") {
      const payload = {
        object: "whatsapp_business_account",
        entry: [
          {
            id: "waba",
            changes: [
              { field: "messages", value: { metadata: { phone_number_id: number }, statuses: [status] } },
            ],
          },
        ],
      };
      const [row] = await db().$queryRaw<SoleStatusRow[]>`
        SELECT p.* FROM (SELECT ${JSON.stringify(payload)}::jsonb AS payload) n
        LEFT JOIN LATERAL ${soleStatusMessageSql(Prisma.sql`n.payload`)} p ON true`;
      prefetched = row ? prefetchedOf(row) : null;
    }
    try {
      const result = await processStatus(status, number, undefined, prefetched, step.standby);
      calls.push({ deliveries: result.deliveryIds, threw: false });
    } catch {
      // both ways must refuse the same statuses (a wamid another message of ours already has)
      calls.push({ deliveries: [], threw: true });
    }
  }
  return { labels, calls };
}

describe("a status's message: read with its notification and looked up alone find the same", () => {
  it("random statuses leave every table the same on both databases", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let run = 0;
    let moved = 0;
    let statuses = 0;
    try {
      await fc.assert(
        fc.asyncProperty(statusScenarioArb, async (scenario) => {
          run++;
          const results = [];
          for (const side of sides) {
            const { labels, calls } = await driveStatuses(side, scenario, run);
            results.push(
              canonical(
                await dump(side),
                labels,
                calls.map((c) => ({
                  path: undefined,
                  stored: false,
                  deliveries: c.deliveries,
                  ...(c.threw ? { threw: "threw" } : {}),
                })),
              ),
            );
          }
          const [read, lookedUp] = results;
          moved += read?.calls.filter((c) => c.deliveries.length > 0).length ?? 0;
          statuses += read?.calls.length ?? 0;
          expect(read?.calls).toEqual(lookedUp?.calls);
          expect(read?.tables).toEqual(lookedUp?.tables);
        }),
        {
          numRuns: Number(process.env.PATHS_RUNS ?? 25),
          seed: process.env.PATHS_SEED ? Number(process.env.PATHS_SEED) : undefined,
        },
      );
    } finally {
      vi.useRealTimers();
    }
    // statuses that moved a message (with an event), or the property compared two no-ops
    expect(moved).toBeGreaterThan(0);
    console.log(`status paths: ${moved} of ${statuses} statuses moved a message`);
  }, 300_000);
});
