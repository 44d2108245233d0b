import "#server-only";
import { createPrivateKey, type KeyObject } from "node:crypto";
import { config } from "@/lib/config";
import { verifyHubSignature } from "@/lib/crypto/hub-signature";
import { openSecret } from "@/lib/crypto/secret-box";
import { findActiveEndpoint } from "@/lib/flow-endpoint/find-active-endpoint";
import {
  type DecryptedRequest,
  decryptFlowRequest,
  encryptFlowResponse,
  FlowDecryptError,
} from "@/lib/flow-endpoint/flow-crypto";
import { flowTokenOf } from "@/lib/flow-endpoint/flow-token-state";
import { forwardToReceiver } from "@/lib/flow-endpoint/forward-to-receiver";
import { closeFlowToken, isFlowTokenClosed } from "@/lib/flow-endpoint/repository";
import type { FlowEndpoint } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { observeFlowEndpoint } from "@/lib/metrics/record";

/**
 * The answer to WhatsApp. The status codes are Meta's ("Implementing your Flow endpoint",
 * https://developers.facebook.com/docs/whatsapp/flows/guides/implementingyourflowendpoint):
 * 200 with the encrypted answer as base64 text; 421 the request cannot be decrypted (WhatsApp
 * re-downloads the public key and tries again); 427 the flow token is no longer valid;
 * 432 the X-Hub-Signature-256 signature is wrong. Where Meta names no code we decided:
 * 400 for a body that is not JSON, 404 for an unknown or inactive channel, 503 when no receiver
 * is set, 502 when the receiver answered anything but 200 JSON or 427, 504 when it did not
 * answer in time (WhatsApp shows its generic error for any of them). Bodies of errors are
 * short plain text, never a stack trace.
 */
export type DataAnswer = { status: number; body: string; contentType: string };

/** How long a key replaced by a rotation still opens requests: WhatsApp may hold it until a 421. */
const PREVIOUS_KEY_GRACE_MS = 60 * 60 * 1000;

const text = (status: number, body: string): DataAnswer => ({
  status,
  body,
  contentType: "text/plain; charset=utf-8",
});

function actionOf(payload: unknown): string {
  const action = (payload as { action?: unknown } | null)?.action;
  return typeof action === "string" ? action : "";
}

/**
 * Parsed private keys by their row and sealed text (a rotation seals a new one, so an entry never goes
 * stale): unsealing and parsing the PEM cost about as much CPU as the RSA decryption itself on
 * every request (npm run bench:flows, profile). The keys stay in this process's memory as they
 * already did during each request; bounded, cleared when full.
 */
const parsedKeys = new Map<string, KeyObject>();
const PARSED_KEYS_MAX = 1_000;

function privateKeyOf(sealed: string, row: FlowEndpoint): KeyObject {
  // keyed by the row too: a hit stands for the unsealing bound to this organization and row
  const id = `${row.organizationId}:${row.id}:${sealed}`;
  const hit = parsedKeys.get(id);
  if (hit) return hit;
  const key = createPrivateKey(openSecret(sealed, row.organizationId, row.id));
  if (parsedKeys.size >= PARSED_KEYS_MAX) parsedKeys.clear();
  parsedKeys.set(id, key);
  return key;
}

function openWithKeys(row: FlowEndpoint, body: unknown): DecryptedRequest {
  const keys: string[] = [];
  if (row.privateKeyEnc) keys.push(row.privateKeyEnc);
  const uploadedAt = row.keyUploadedAt?.getTime() ?? 0;
  if (row.previousPrivateKeyEnc && Date.now() - uploadedAt < PREVIOUS_KEY_GRACE_MS) {
    keys.push(row.previousPrivateKeyEnc);
  }
  let failure: unknown = new FlowDecryptError("the channel has no key");
  for (const sealed of keys) {
    try {
      return decryptFlowRequest(body, privateKeyOf(sealed, row));
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/** One request from WhatsApp to a channel's data endpoint, answered; never throws for bad input. */
export async function answerDataRequest(
  channelId: string,
  raw: Buffer,
  signature: string | null,
): Promise<DataAnswer> {
  const started = performance.now();
  let receiverSeconds = 0;
  let action = "";
  const done = (answer: DataAnswer): DataAnswer => {
    const overhead = Math.max(0, (performance.now() - started) / 1000 - receiverSeconds);
    observeFlowEndpoint(action, answer.status, overhead);
    return answer;
  };
  const secret = config().WHATSAPP_APP_SECRET;
  if (!secret || !verifyHubSignature(raw, signature, secret)) {
    return done(text(432, "The X-Hub-Signature-256 signature does not match the body."));
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    return done(text(400, "The body is not JSON."));
  }
  const row = await findActiveEndpoint(channelId);
  if (!row) return done(text(404, "No data endpoint here."));
  let request: DecryptedRequest;
  try {
    request = openWithKeys(row, body);
  } catch (error) {
    if (!(error instanceof FlowDecryptError)) throw error;
    logger.info({ channelId, reason: error.message }, "flow endpoint request did not decrypt");
    return done(text(421, "The request could not be decrypted; download the public key again."));
  }
  action = actionOf(request.payload);
  const encrypted = (answer: unknown) => text(200, encryptFlowResponse(answer, request.aesKey, request.iv));
  // Meta's health check: answered by the product itself, whatever the receiver does
  if (action === "ping") return done(encrypted({ data: { status: "active" } }));
  // a token the product knows is closed (lib/flow-endpoint/flow-token-state.ts): 427 without the receiver
  const flowToken = flowTokenOf(request.payload);
  if (flowToken && (await isFlowTokenClosed(row.organizationId, flowToken))) {
    return done(staleToken("This form was already completed or closed."));
  }
  if (!row.receiverUrl) return done(text(503, "No flow endpoint receiver is set for this channel."));
  const outcome = await forwardToReceiver({
    url: row.receiverUrl,
    secret: row.receiverSecretEnc ? openSecret(row.receiverSecretEnc, row.organizationId, row.id) : null,
    channelId: row.channelId,
    payload: request.payload,
  });
  receiverSeconds = outcome.seconds;
  if (outcome.kind === "failed") {
    logger.warn({ channelId, reason: outcome.reason }, "flow endpoint receiver did not answer");
    return done(
      outcome.reason === "timeout"
        ? text(504, "The business receiver did not answer in time.")
        : text(502, "The business receiver could not be reached."),
    );
  }
  if (outcome.status === 427) {
    // relayed unencrypted, as Meta's sample endpoint sends its error codes; an error_msg is kept
    if (flowToken) await closeFlowToken(row.organizationId, flowToken);
    return done(staleToken(errorMessageOf(outcome.body)));
  }
  if (outcome.status !== 200) return done(text(502, `The business receiver answered ${outcome.status}.`));
  let answer: unknown;
  try {
    answer = JSON.parse(outcome.body.toString("utf8"));
  } catch {
    return done(text(502, "The business receiver answered something other than JSON."));
  }
  return done(encrypted(answer));
}

/** Meta's 427 (flow token no longer valid), unencrypted as Meta's sample endpoint sends it. */
function staleToken(message: string | null): DataAnswer {
  return {
    status: 427,
    body: JSON.stringify(message ? { error_msg: message } : {}),
    contentType: "application/json",
  };
}

function errorMessageOf(body: Buffer): string | null {
  try {
    const parsed = JSON.parse(body.toString("utf8")) as { error_msg?: unknown };
    return typeof parsed.error_msg === "string" ? parsed.error_msg.slice(0, 500) : null;
  } catch {
    return null;
  }
}
