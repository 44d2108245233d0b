import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { StoredFlow } from "@/sandbox/flows";
import type { Logger } from "@/sandbox/logger";
import { defaultSettings, type Settings } from "@/sandbox/settings";
import type {
  AcceptedMessage,
  App,
  Media,
  PhoneNumber,
  RecordedRequest,
  SandboxState,
} from "@/sandbox/state";
import type { StoredTemplate } from "@/sandbox/templates";

/**
 * The sandbox's state across restarts: one JSON snapshot in its data directory, written
 * atomically (temp file, then rename) at most every SAVE_DELAY_MS after a change and on close.
 * Bounded: the newest KEEP_REQUESTS recorded requests and KEEP_MEDIA files are kept. Faults,
 * throughput buckets and pending timers are moments, not state: they start empty.
 */
const FILE = "state.json";
const SAVE_DELAY_MS = 250;
const KEEP_REQUESTS = 5_000;
const KEEP_MEDIA = 200;
const VERSION = 1;

const snapshotSchema = z.object({
  version: z.literal(VERSION),
  app: z.custom<App>().nullable(),
  settings: z.custom<Settings>(),
  phoneNumbers: z.array(
    z.custom<
      Omit<PhoneNumber, "coexistence" | "marketing_messages_onboarded" | "calling_eligible"> &
        Partial<PhoneNumber>
    >(),
  ),
  templates: z.array(z.tuple([z.string(), z.array(z.custom<StoredTemplate>())])),
  flows: z.array(z.custom<StoredFlow>()).default([]),
  messages: z.array(z.custom<AcceptedMessage>()),
  requests: z.array(z.custom<RecordedRequest>()),
  lastInbound: z.array(z.tuple([z.string(), z.number()])),
  entryPoints: z.array(z.tuple([z.string(), z.number()])).default([]),
  blocked: z.array(z.string()).default([]),
  businessPublicKeys: z.array(z.tuple([z.string(), z.string()])).default([]),
  /** template pacing (sandbox/control/template-pacing.ts): what a template's sends answer, and the messages held */
  templatePacing: z
    .array(z.tuple([z.string(), z.enum(["held_for_quality_assessment", "paused"])]))
    .default([]),
  heldMessages: z.array(z.object({ message: z.custom<AcceptedMessage>(), template: z.string() })).default([]),
  media: z.array(z.object({ media: z.custom<Omit<Media, "bytes">>(), bytes: z.string() })),
  linkSecret: z.string(),
});
type Snapshot = z.infer<typeof snapshotSchema>;

function toSnapshot(state: SandboxState): Snapshot {
  return {
    version: VERSION,
    app: state.app,
    settings: state.settings,
    phoneNumbers: [...state.phoneNumbers.values()],
    templates: [...state.templates.entries()],
    flows: [...state.flows.values()],
    messages: [...state.messages.values()],
    requests: state.requests.slice(-KEEP_REQUESTS),
    lastInbound: [...state.lastInbound.entries()],
    entryPoints: [...state.entryPoints.entries()],
    blocked: [...state.blocked],
    businessPublicKeys: [...state.businessPublicKeys.entries()],
    templatePacing: [...state.templatePacing.entries()],
    heldMessages: [...state.heldMessages.values()],
    media: [...state.media.values()].slice(-KEEP_MEDIA).map(({ bytes, ...media }) => ({
      media,
      bytes: bytes.toString("base64"),
    })),
    linkSecret: state.linkSecret.toString("base64"),
  };
}

/** Loads the snapshot into a fresh state; a missing file is a first start, a damaged one is set aside. */
export function loadState(state: SandboxState, dir: string, log: Logger): boolean {
  const path = join(dir, FILE);
  let raw: string;
  try {
    raw = readFileSync(path, "utf8");
  } catch {
    return false;
  }
  const parsed = snapshotSchema.safeParse(safeJson(raw));
  if (!parsed.success) {
    const aside = `${path}.damaged-${Date.now()}`;
    renameSync(path, aside);
    log.warn({ file: aside }, "sandbox state unreadable: set aside, starting empty");
    return false;
  }
  const s = parsed.data;
  state.app = s.app;
  state.settings = { ...defaultSettings(), ...s.settings };
  // numbers saved before coexistence, the Marketing Messages API and calling existed get their defaults
  for (const p of s.phoneNumbers)
    state.phoneNumbers.set(p.id, {
      coexistence: false,
      marketing_messages_onboarded: false,
      calling_eligible: true,
      ...p,
    });
  for (const [key, list] of s.templates) state.templates.set(key, list);
  for (const f of s.flows) state.flows.set(f.id, f);
  for (const m of s.messages) state.messages.set(m.id, m);
  state.requests.push(...s.requests);
  for (const [key, at] of s.lastInbound) state.lastInbound.set(key, at);
  for (const [key, at] of s.entryPoints) state.entryPoints.set(key, at);
  for (const key of s.blocked) state.blocked.add(key);
  for (const [id, pem] of s.businessPublicKeys) state.businessPublicKeys.set(id, pem);
  for (const [key, status] of s.templatePacing) state.templatePacing.set(key, status);
  for (const held of s.heldMessages) state.heldMessages.set(held.message.id, held);
  for (const { media, bytes } of s.media)
    state.media.set(media.id, { ...media, bytes: Buffer.from(bytes, "base64") });
  state.linkSecret = Buffer.from(s.linkSecret, "base64");
  return true;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export type Saver = { changed(): void; flush(): void };

/** Writes the snapshot shortly after changes (one write for a burst of them) and on flush. */
export function stateSaver(state: SandboxState, dir: string, log: Logger): Saver {
  mkdirSync(dir, { recursive: true });
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    timer = undefined;
    const path = join(dir, FILE);
    const temp = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, JSON.stringify(toSnapshot(state)));
      renameSync(temp, path);
    } catch (error) {
      log.error({ err: error, file: path }, "could not save the sandbox state");
    }
  };
  return {
    changed: () => {
      timer ??= setTimeout(write, SAVE_DELAY_MS);
    },
    flush: () => {
      if (timer) clearTimeout(timer);
      write();
    },
  };
}
