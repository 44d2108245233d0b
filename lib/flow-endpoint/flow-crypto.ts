import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  privateDecrypt,
} from "node:crypto";

/**
 * The data endpoint's encryption, as Meta's "Implementing your Flow endpoint" guide
 * (https://developers.facebook.com/docs/whatsapp/flows/guides/implementingyourflowendpoint)
 * describes it:
 * - the request body is `{encrypted_flow_data, encrypted_aes_key, initial_vector}`, each base64;
 * - `encrypted_aes_key` is a 128-bit AES key encrypted with the business public key under
 *   RSA-OAEP with SHA-256 (OAEP's hash and MGF1 hash both SHA-256);
 * - `encrypted_flow_data` is the JSON payload under AES-128-GCM with `initial_vector` as the IV
 *   and the 16-byte authentication tag appended to the ciphertext;
 * - the response is the JSON answer under AES-128-GCM with the same AES key and the IV with
 *   every bit flipped, tag appended, sent as one base64 string (text/plain).
 */
export type EncryptedRequest = {
  encrypted_flow_data: string;
  encrypted_aes_key: string;
  initial_vector: string;
};

export type DecryptedRequest = { payload: unknown; aesKey: Buffer; iv: Buffer };

const TAG_BYTES = 16;

/** Thrown when the request cannot be opened with the key given: WhatsApp is told 421 (re-download the key). */
export class FlowDecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FlowDecryptError";
  }
}

export type FlowKeyPair = { privateKeyPem: string; publicKeyPem: string; fingerprint: string };

/**
 * A new RSA-2048 pair: Meta's guide asks for a 2048-bit RSA key; PKCS#8 and SPKI PEM. Made off
 * the event loop (it takes a few hundred milliseconds).
 */
export function generateFlowKeyPair(): Promise<FlowKeyPair> {
  return new Promise((resolve, reject) => {
    generateKeyPair(
      "rsa",
      {
        modulusLength: 2048,
        publicKeyEncoding: { type: "spki", format: "pem" },
        privateKeyEncoding: { type: "pkcs8", format: "pem" },
      },
      (error, publicKey, privateKey) => {
        if (error) return reject(error);
        resolve({
          privateKeyPem: privateKey,
          publicKeyPem: publicKey,
          fingerprint: publicKeyFingerprint(publicKey),
        });
      },
    );
  });
}

/** SHA-256 of the DER public key, lower-case hex: what the API shows to compare keys. */
export function publicKeyFingerprint(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: "spki", format: "der" });
  return createHash("sha256").update(der).digest("hex");
}

function aesAlgorithm(key: Buffer): "aes-128-gcm" | "aes-256-gcm" {
  // Meta sends 128-bit keys; the guide's examples pick the GCM variant by key length, and so do we
  if (key.length === 16) return "aes-128-gcm";
  if (key.length === 32) return "aes-256-gcm";
  throw new FlowDecryptError(`unexpected AES key length ${key.length}`);
}

function base64(value: unknown, field: string): Buffer {
  if (typeof value !== "string" || value.length === 0) throw new FlowDecryptError(`${field} is missing`);
  return Buffer.from(value, "base64");
}

/** Opens a request with one private key (PEM, or one already parsed); throws FlowDecryptError when it does not open. */
export function decryptFlowRequest(body: unknown, privateKey: string | KeyObject): DecryptedRequest {
  const fields = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const encryptedKey = base64(fields.encrypted_aes_key, "encrypted_aes_key");
  const data = base64(fields.encrypted_flow_data, "encrypted_flow_data");
  const iv = base64(fields.initial_vector, "initial_vector");
  if (data.length <= TAG_BYTES) throw new FlowDecryptError("encrypted_flow_data is too short");
  let aesKey: Buffer;
  try {
    aesKey = privateDecrypt(
      {
        key: typeof privateKey === "string" ? createPrivateKey(privateKey) : privateKey,
        padding: constants.RSA_PKCS1_OAEP_PADDING,
        oaepHash: "sha256",
      },
      encryptedKey,
    );
  } catch {
    throw new FlowDecryptError("the AES key does not open with this private key");
  }
  try {
    const decipher = createDecipheriv(aesAlgorithm(aesKey), aesKey, iv);
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(data.subarray(0, data.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return { payload: JSON.parse(plain.toString("utf8")), aesKey, iv };
  } catch (error) {
    if (error instanceof FlowDecryptError) throw error;
    throw new FlowDecryptError("the flow data does not decrypt or is not JSON");
  }
}

/** The IV of the answer: every bit of the request's IV flipped. */
export function flipIv(iv: Buffer): Buffer {
  return Buffer.from(iv.map((byte) => ~byte & 0xff));
}

/** The answer's body: base64(AES-GCM(JSON) + tag) under the request's key and the flipped IV. */
export function encryptFlowResponse(answer: unknown, aesKey: Buffer, iv: Buffer): string {
  const cipher = createCipheriv(aesAlgorithm(aesKey), aesKey, flipIv(iv));
  const body = Buffer.concat([cipher.update(JSON.stringify(answer), "utf8"), cipher.final()]);
  return Buffer.concat([body, cipher.getAuthTag()]).toString("base64");
}
