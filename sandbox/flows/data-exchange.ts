import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHmac,
  generateKeyPairSync,
  publicEncrypt,
  randomBytes,
} from "node:crypto";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { controlError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";

const body = z.strictObject({
  phone_number_id: z.string().min(1),
  /** the Flow's endpoint_uri: where WhatsApp's client sends the request */
  endpoint_uri: z.url(),
  action: z.enum(["ping", "INIT", "BACK", "data_exchange"]).default("data_exchange"),
  flow_token: z.string().min(1).optional(),
  screen: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  version: z.string().default("3.0"),
  /** encrypt for a key that is not the number's (a fresh one): the endpoint should answer 421 */
  wrong_key: z.boolean().default(false),
  /** encrypt for this public key (PEM) instead of the number's uploaded one */
  public_key: z.string().min(1).optional(),
  /** sign with a secret other than the app's: the endpoint should answer 432 */
  bad_signature: z.boolean().default(false),
});

const TIMEOUT_MS = 10_000;

/** One POST on a fresh connection (no pooled socket the server may have closed), answered as text. */
function post(
  url: string,
  raw: string,
  signature: string,
  stop: AbortSignal,
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(raw)),
          "x-hub-signature-256": signature,
        },
        signal: AbortSignal.any([AbortSignal.timeout(TIMEOUT_MS), stop]),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(raw);
  });
}

function flip(iv: Buffer): Buffer {
  return Buffer.from(iv.map((b) => ~b & 0xff));
}

/**
 * POST /_sandbox/flows/data-exchange: plays WhatsApp's client calling a Flow's data endpoint,
 * as Meta's "Implementing your Flow endpoint" guide describes it: a fresh AES-128 key and IV,
 * the payload under AES-128-GCM (tag appended), the key under RSA-OAEP-SHA256 with the
 * number's business public key (uploaded with whatsapp_business_encryption), the body signed
 * with the app secret in X-Hub-Signature-256. A 200 answer is decrypted with the same key and
 * the flipped IV. Answers {status, response (decrypted JSON) or body (text), request}.
 */
export async function postDataExchange(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const input = parseControl(body, req);
  const app = ctx.state.app;
  if (!app)
    throw controlError(409, "Configure the app first (PUT /_sandbox/app): its secret signs the request.");
  let publicKey = input.public_key ?? ctx.state.businessPublicKeys.get(input.phone_number_id);
  if (input.wrong_key) {
    publicKey = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .publicKey.export({ type: "spki", format: "pem" })
      .toString();
  }
  if (!publicKey) {
    throw controlError(
      409,
      `No business public key is set for ${input.phone_number_id} (whatsapp_business_encryption).`,
    );
  }
  const payload =
    input.action === "ping"
      ? { version: input.version, action: "ping" }
      : {
          version: input.version,
          action: input.action,
          ...(input.screen === undefined ? {} : { screen: input.screen }),
          data: input.data ?? {},
          flow_token: input.flow_token ?? `sandbox-token-${randomBytes(4).toString("hex")}`,
        };
  const { raw, aesKey, iv } = encryptFlowRequest(payload, publicKey);
  const secret = input.bad_signature ? `${app.app_secret}-wrong` : app.app_secret;
  const signature = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
  let res: { status: number; text: string };
  try {
    res = await post(input.endpoint_uri, raw, signature, ctx.state.shutdown.signal);
  } catch (error) {
    throw controlError(502, `The endpoint did not answer: ${String(error)}`);
  }
  const text = res.text;
  if (res.status !== 200) return json(200, { status: res.status, body: text, request: payload });
  try {
    const answer = Buffer.from(text, "base64");
    const decipher = createDecipheriv("aes-128-gcm", aesKey, flip(iv));
    decipher.setAuthTag(answer.subarray(answer.length - 16));
    const plain = Buffer.concat([decipher.update(answer.subarray(0, answer.length - 16)), decipher.final()]);
    return json(200, { status: 200, response: JSON.parse(plain.toString("utf8")), request: payload });
  } catch {
    return json(200, {
      status: 200,
      body: text,
      decrypt_error: "the answer does not decrypt with the flipped IV",
      request: payload,
    });
  }
}

/**
 * A data-exchange request's body as WhatsApp's client encrypts it (Meta's "Implementing your Flow
 * endpoint"): a fresh AES-128 key and 16-byte IV, the payload under AES-128-GCM with its tag
 * appended, the key under RSA-OAEP-SHA256 with the business's public key. The key and IV are
 * returned to decrypt the answer (the IV flipped). Also used by `npm run bench:flows`.
 */
export function encryptFlowRequest(
  payload: unknown,
  publicKey: string,
): { raw: string; aesKey: Buffer; iv: Buffer } {
  const aesKey = randomBytes(16);
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-128-gcm", aesKey, iv);
  const data = Buffer.concat([
    cipher.update(JSON.stringify(payload), "utf8"),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const encryptedKey = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    aesKey,
  );
  const raw = JSON.stringify({
    encrypted_flow_data: data.toString("base64"),
    encrypted_aes_key: encryptedKey.toString("base64"),
    initial_vector: iv.toString("base64"),
  });
  return { raw, aesKey, iv };
}
