import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  generateKeyPairSync,
  publicEncrypt,
} from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  decryptFlowRequest,
  encryptFlowResponse,
  FlowDecryptError,
  generateFlowKeyPair,
  publicKeyFingerprint,
} from "@/lib/flow-endpoint/flow-crypto";

/**
 * The vectors are made here with node:crypto alone, following Meta's documented steps
 * ("Implementing your Flow endpoint"), never through lib/flow-endpoint: an AES-128 key and an
 * IV, the JSON under AES-128-GCM with the 16-byte tag appended, the key under RSA-OAEP with
 * SHA-256, all base64; the answer under the same key and the IV with every bit flipped.
 */
const pair = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});
const AES_KEY = Buffer.from("000102030405060708090a0b0c0d0e0f", "hex");
const IV = Buffer.from("f0e0d0c0b0a090807060504030201000", "hex");

function metaRequest(payload: unknown, publicKey = pair.publicKey) {
  const cipher = createCipheriv("aes-128-gcm", AES_KEY, IV);
  const data = Buffer.concat([cipher.update(JSON.stringify(payload)), cipher.final(), cipher.getAuthTag()]);
  return {
    encrypted_flow_data: data.toString("base64"),
    encrypted_aes_key: publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      AES_KEY,
    ).toString("base64"),
    initial_vector: IV.toString("base64"),
  };
}

describe("the data endpoint's encryption, against vectors made independently", () => {
  it("opens a request encrypted as WhatsApp does", () => {
    const payload = {
      version: "3.0",
      action: "data_exchange",
      screen: "SLOTS",
      data: { day: "mon" },
      flow_token: "t1",
    };
    const opened = decryptFlowRequest(metaRequest(payload), pair.privateKey);
    expect(opened.payload).toEqual(payload);
    expect(opened.aesKey.equals(AES_KEY)).toBe(true);
    expect(opened.iv.equals(IV)).toBe(true);
  });

  it("encrypts the answer under the same key and the flipped IV, tag appended, base64", () => {
    const answer = { screen: "SLOTS", data: { slots: ["9:00", "10:00"] } };
    const flipped = Buffer.from("0f1f2f3f4f5f6f7f8f9fafbfcfdfefff", "hex");
    const cipher = createCipheriv("aes-128-gcm", AES_KEY, flipped);
    const expected = Buffer.concat([
      cipher.update(JSON.stringify(answer)),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const ours = encryptFlowResponse(answer, AES_KEY, IV);
    expect(ours).toBe(expected.toString("base64"));
    const bytes = Buffer.from(ours, "base64");
    const decipher = createDecipheriv("aes-128-gcm", AES_KEY, flipped);
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const plain = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]);
    expect(JSON.parse(plain.toString())).toEqual(answer);
  });

  it("refuses a request for another key, or with a changed ciphertext (421 material)", () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const forOther = metaRequest(
      { action: "ping" },
      other.publicKey.export({ type: "spki", format: "pem" }).toString(),
    );
    expect(() => decryptFlowRequest(forOther, pair.privateKey)).toThrow(FlowDecryptError);
    const request = metaRequest({ action: "ping" });
    const data = Buffer.from(request.encrypted_flow_data, "base64");
    data[0] = (data[0] ?? 0) ^ 1;
    expect(() =>
      decryptFlowRequest({ ...request, encrypted_flow_data: data.toString("base64") }, pair.privateKey),
    ).toThrow(FlowDecryptError);
    expect(() => decryptFlowRequest({ initial_vector: "AA==" }, pair.privateKey)).toThrow(FlowDecryptError);
  });

  it("makes RSA-2048 pairs whose fingerprint is the SHA-256 of the DER public key", async () => {
    const made = await generateFlowKeyPair();
    expect(made.publicKeyPem).toContain("BEGIN PUBLIC KEY");
    const der = Buffer.from(made.publicKeyPem.replace(/-----[^-]+-----|\s/g, ""), "base64");
    expect(made.fingerprint).toBe(createHash("sha256").update(der).digest("hex"));
    expect(publicKeyFingerprint(pair.publicKey)).toMatch(/^[0-9a-f]{64}$/);
    const roundTrip = decryptFlowRequest(
      metaRequest({ action: "ping" }, made.publicKeyPem),
      made.privateKeyPem,
    );
    expect(roundTrip.payload).toEqual({ action: "ping" });
  });
});
