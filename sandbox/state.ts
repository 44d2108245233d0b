import { randomBytes } from "node:crypto";
import type { SandboxCalling } from "@/sandbox/call-settings-schema";
import type { StoredFlow } from "@/sandbox/flows";
import type { GraphErrorBody } from "@/sandbox/graph-error";
import type { Bucket } from "@/sandbox/limits";
import { defaultSettings, type Settings } from "@/sandbox/settings";
import type { StoredTemplate } from "@/sandbox/templates";

/** Everything the sandbox knows lives here, in memory; sandbox/persistence.ts keeps it across restarts. */

export type App = { webhook_url: string; app_secret: string; verify_token: string };

export type PhoneNumber = {
  id: string;
  waba_id: string;
  display_phone_number: string;
  access_token: string;
  verified_name: string;
  throughput_per_second: number;
  /** shared with the WhatsApp Business app: Meta paces it at a fixed 20 messages/s */
  coexistence: boolean;
  /** accepted the Marketing Messages API terms: /marketing_messages sends through it */
  marketing_messages_onboarded: boolean;
  /** may enable calling (Meta: a messaging limit of 2000 or more); false: POST settings enabling it is refused */
  calling_eligible: boolean;
};

/** Meta's fixed throughput of a coexistence number. */
export const COEXISTENCE_PER_SECOND = 20;

export type AcceptedMessage = {
  id: string;
  phone_number_id: string;
  recipient_id: string;
  biz_opaque_callback_data?: string;
  /** pricing category of the status notifications */
  category: string;
  billable: boolean;
  /** regular, free_customer_service or free_entry_point */
  pricing_type: string;
  /** a Flow message (interactive flow, or a template with a FLOW button): its flow_token, null when none was given */
  flow?: { token: string | null };
};

export type RecordedRequest = {
  id: string | null;
  phone_number_id: string;
  /** the Graph edge called: messages or marketing_messages */
  endpoint?: "messages" | "marketing_messages";
  /** marketing_messages only: how the message went (the Marketing Messages API, or Cloud API by fallback) */
  delivered_via?: "marketing_messages" | "cloud_api";
  body: unknown;
  received_at: string;
  result: number | null;
  response: unknown;
};

export type Media = {
  id: string;
  waba_id: string;
  mime_type: string;
  bytes: Buffer;
  filename?: string;
};

export type Fault = {
  id: string;
  phone_number_id?: string;
  remaining: number;
  status?: number;
  error?: GraphErrorBody["error"];
  delay_ms?: number;
};

export type SandboxState = {
  app: App | null;
  settings: Settings;
  phoneNumbers: Map<string, PhoneNumber>;
  templates: Map<string, StoredTemplate[]>;
  /** the Flows API's Flows (sandbox/graph/flows.ts), by flow id; each names its WABA */
  flows: Map<string, StoredFlow>;
  messages: Map<string, AcceptedMessage>;
  requests: RecordedRequest[];
  /** last inbound message time, by `${phone_number_id}:${wa_id}` */
  lastInbound: Map<string, number>;
  /** when a free entry point window opened (a click-to-WhatsApp ad), by the same key */
  entryPoints: Map<string, number>;
  /** users blocked by a number (block_users), as window keys: `${phone_number_id}:${wa_id}` */
  blocked: Set<string>;
  /** users who stopped marketing messages from a number (`/_sandbox/user-preferences`), by windowKey */
  marketingStopped: Set<string>;
  media: Map<string, Media>;
  /** the business public key of each number for Flows' data endpoint (whatsapp_business_encryption), by phone_number_id */
  businessPublicKeys: Map<string, string>;
  /** a number's second responder (conversation routing, `/_sandbox/routing`), by phone_number_id */
  secondResponders: Map<string, SecondResponder>;
  /** who owns a customer's thread on a number with a second responder, by windowKey (absent: the second responder) */
  threadOwners: Map<string, "us" | "other">;
  /** the messaging_handovers notifications the app's thread control sent to the second responder, by phone_number_id */
  secondResponderHandovers: Map<string, Record<string, unknown>[]>;
  /** Meta's template pacing (`/_sandbox/template-pacing`): what sends of a template answer, by `${waba_id}:${name}` */
  templatePacing: Map<string, "held_for_quality_assessment" | "paused">;
  /** messages held by template pacing, by wamid: no status until released or dropped */
  heldMessages: Map<string, { message: AcceptedMessage; template: string }>;
  /** voice calls (sandbox/calls.ts), by Meta's call id; kept in memory only (not persisted) */
  calls: Map<string, SandboxCall>;
  /** the customer's WebRTC peer of each call with media (sandbox/call-media.ts), by call id; closed on reset and close */
  callPeers: Map<string, CallPeer>;
  /** call permissions customers granted a number (`/_sandbox/calls/permission-reply`), by windowKey: expiry in ms, null when permanent */
  callPermissions: Map<string, number | null>;
  /** each number's calling settings (sandbox/call-settings.ts), by phone_number_id; absent: the defaults */
  callingSettings: Map<string, SandboxCalling>;
  faults: Fault[];
  throughput: Map<string, Bucket>;
  pairs: Map<string, Bucket>;
  timers: Set<NodeJS.Timeout>;
  /** aborted on close, to end stalled requests and pending webhook posts */
  shutdown: AbortController;
  /** signs the short-lived media download links */
  linkSecret: Buffer;
};

/** What the customer's phone heard and sent on a call (GET /_sandbox/calls `media`). */
export type CallMediaStats = {
  codec: string | null;
  connection_state: string;
  packets_received: number;
  /** root mean square of every decoded sample received, as a fraction of full scale */
  rms: number;
  /** the loudest 20 ms packet's RMS */
  peak_rms: number;
  tone_sent: boolean;
  tone_hz: number;
  packets_sent: number;
};

export type CallPeer = { stats(): CallMediaStats; applyAnswer(sdp: string): Promise<void>; close(): void };

/** Closes every call's media peer (reset, close). */
export function closeCallPeers(state: SandboxState): void {
  for (const peer of state.callPeers.values()) peer.close();
  state.callPeers.clear();
}

/** A voice call between a customer and a number (sandbox/calls.ts). */
export type SandboxCall = {
  id: string;
  phone_number_id: string;
  wa_id: string;
  direction: "USER_INITIATED" | "BUSINESS_INITIATED";
  state: "ringing" | "pre_accepted" | "accepted" | "rejected" | "ended";
  /** the SDP offer (the customer's, or the business's) and answer, as exchanged */
  offer: string;
  answer: string | null;
  started_at: number;
  connected_at: number | null;
  ended_at: number | null;
  /** what the business sent: the actions of POST /{phone_number_id}/calls, in order */
  actions: string[];
};

/** How many send requests GET /_sandbox/messages keeps (oldest dropped first); SANDBOX_MAX_RECORDED_REQUESTS moves it. */
const MAX_RECORDED_REQUESTS = Number(process.env.SANDBOX_MAX_RECORDED_REQUESTS ?? 100_000);

/**
 * A number's second responder (`/_sandbox/routing`) and the app's routing roles beside it, as the
 * Routing Roles API answers them (sandbox/control/thread-control.ts).
 */
export type SecondResponder = { app_id: string; app_roles: string[]; is_standby: boolean };

export function createState(): SandboxState {
  return {
    app: null,
    settings: defaultSettings(),
    phoneNumbers: new Map(),
    templates: new Map(),
    flows: new Map(),
    messages: new Map(),
    requests: [],
    lastInbound: new Map(),
    entryPoints: new Map(),
    blocked: new Set(),
    marketingStopped: new Set(),
    media: new Map(),
    businessPublicKeys: new Map(),
    secondResponders: new Map(),
    threadOwners: new Map(),
    secondResponderHandovers: new Map(),
    templatePacing: new Map(),
    heldMessages: new Map(),
    calls: new Map(),
    callPeers: new Map(),
    callPermissions: new Map(),
    callingSettings: new Map(),
    faults: [],
    throughput: new Map(),
    pairs: new Map(),
    timers: new Set(),
    shutdown: new AbortController(),
    linkSecret: randomBytes(32),
  };
}

/** Forget everything; with keepConfig the app, phone numbers, templates and Flows stay. */
export function resetState(state: SandboxState, keepConfig: boolean): void {
  clearTimers(state);
  if (!keepConfig) {
    state.app = null;
    state.settings = defaultSettings();
    state.phoneNumbers.clear();
    state.templates.clear();
    state.businessPublicKeys.clear();
    state.templatePacing.clear();
    state.flows.clear();
  }
  state.heldMessages.clear();
  state.messages.clear();
  state.requests.length = 0;
  state.lastInbound.clear();
  state.entryPoints.clear();
  state.blocked.clear();
  state.marketingStopped.clear();
  state.media.clear();
  if (!keepConfig) state.secondResponders.clear();
  state.threadOwners.clear();
  state.secondResponderHandovers.clear();
  state.calls.clear();
  closeCallPeers(state);
  state.callPermissions.clear();
  state.callingSettings.clear();
  state.faults.length = 0;
  state.throughput.clear();
  state.pairs.clear();
}

export function clearTimers(state: SandboxState): void {
  for (const timer of state.timers) clearTimeout(timer);
  state.timers.clear();
}

/** A timer that reset and close cancel. */
export function later(state: SandboxState, ms: number, run: () => void): void {
  const timer = setTimeout(() => {
    state.timers.delete(timer);
    run();
  }, ms);
  timer.unref();
  state.timers.add(timer);
}

export function recordRequest(state: SandboxState, entry: RecordedRequest): RecordedRequest {
  if (state.requests.length >= MAX_RECORDED_REQUESTS) state.requests.shift();
  state.requests.push(entry);
  return entry;
}

/**
 * The window and pair-limit key of a user known by business-scoped user id: prefixed, so a
 * user id never collides with a wa_id (digits only).
 */
export function userKey(userId: string): string {
  return `user:${userId}`;
}

export function windowKey(phoneNumberId: string, waId: string): string {
  return `${phoneNumberId}:${waId}`;
}

export function phoneNumbersOfWaba(state: SandboxState, wabaId: string): PhoneNumber[] {
  return [...state.phoneNumbers.values()].filter((p) => p.waba_id === wabaId);
}
