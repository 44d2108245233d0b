import { createHmac, randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TEST_ENV } from "@/scripts/test/env";
import { randomIp } from "@/scripts/test/helpers";
import {
  expectEnvelope,
  FUZZ_SEED,
  HOSTILE_SEGMENTS,
  hostileBody,
  hostileContentType,
  hostileQuery,
  hostileString,
} from "@/scripts/test/hostile";
import { envelope, randomDigits } from "@/scripts/test/inbound-helpers";
import { type RawRequest, rawRequest } from "@/scripts/test/raw-http";

/**
 * Property-based hostile input against the upstream receiver: unsigned and wrongly signed
 * bodies, malformed JSON, hostile text in correctly signed notifications, odd paths, methods
 * and content types. A refusal is the error envelope; a correctly signed JSON object is always
 * stored and acknowledged (200), whatever text it holds; nothing answers a 5xx.
 */
const RUNS = Number(process.env.FUZZ_RECEIVER_RUNS ?? 600);

function sign(body: string | Buffer, secret = TEST_ENV.appSecret): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** A notification of an unknown number carrying hostile text where customer text goes. */
const poisonedNotification = fc.tuple(hostileString, hostileString, hostileString).map(([name, text, key]) =>
  JSON.stringify({
    ...envelope(randomUUID(), {
      contacts: [{ profile: { name }, wa_id: randomDigits() }],
      messages: [
        {
          from: randomDigits(),
          id: `wamid.${randomUUID()}`,
          timestamp: "1700000000",
          type: "text",
          text: { body: text },
        },
      ],
    }),
    [key]: text,
  }),
);

type Signature = "valid" | "none" | "wrong" | "garbled";

const request = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: hostileBody({ object: "whatsapp_business_account", entry: [] }) },
      { weight: 2, arbitrary: poisonedNotification },
    ),
    fc.constantFrom<Signature>("valid", "valid", "none", "wrong", "garbled"),
    fc.constantFrom("POST", "POST", "POST", "POST", "PUT", "PATCH", "DELETE"),
    fc.constantFrom("", "", "", "/", "/%zz", "/%00", `/${HOSTILE_SEGMENTS[3]}`),
    fc.oneof(fc.constant(""), hostileQuery),
    hostileContentType,
    fc.constantFrom("sha256=", "sha1=abc", `sha256=${"zz".repeat(32)}`, "sha256=0", "SHA256=00", " "),
  )
  .map(([body, signature, method, suffix, query, contentType, garbled]) => {
    const headers: Record<string, string> = { "x-forwarded-for": randomIp() };
    if (contentType) headers["content-type"] = contentType;
    const bytes = body ?? "";
    if (signature === "valid") headers["x-hub-signature-256"] = sign(bytes);
    if (signature === "wrong") headers["x-hub-signature-256"] = sign(bytes, "another-secret");
    if (signature === "garbled") headers["x-hub-signature-256"] = garbled;
    const req: RawRequest = { method, path: `/webhooks/whatsapp${suffix}${query}`, headers, body };
    return { req, signedObject: signature === "valid" && isJsonObject(bytes) && method === "POST" };
  });

function isJsonObject(body: string | Buffer): boolean {
  try {
    const parsed: unknown = JSON.parse(body.toString());
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

describe("hostile input on POST /webhooks/whatsapp (fast-check, seeded)", () => {
  it(`${RUNS} generated requests: refusals in the envelope, signed objects stored with 200, never a 5xx`, async () => {
    await fc
      .assert(
        fc.asyncProperty(request, async ({ req, signedObject }) => {
          const res = await rawRequest(req);
          const onReceiver = /^\/webhooks\/whatsapp\/?(\?|$)/.test(req.path);
          if (res.status === 200 && onReceiver) {
            expect(res.text).toBe("EVENT_RECEIVED");
            return;
          }
          if (signedObject && onReceiver && Buffer.byteLength(req.body ?? "") <= 3 * 1024 * 1024) {
            expect.fail(`a signed JSON object was refused: ${res.status} ${res.text.slice(0, 200)}`);
          }
          expectEnvelope(req, res);
        }),
        { seed: FUZZ_SEED, numRuns: RUNS, endOnFailure: true, includeErrorInReport: true },
      )
      .catch((error: unknown) => {
        throw new Error(
          `hostile receiver suite failed with seed ${FUZZ_SEED} (replay: FUZZ_SEED=${FUZZ_SEED})\n${String(error)}`,
        );
      });
  }, 300_000);
});
