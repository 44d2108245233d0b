import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHmac,
  generateKeyPairSync,
  privateDecrypt,
} from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_SECRET, type Harness, PHONE_NUMBER_ID, startHarness, TOKEN } from "@/sandbox/test-support";

let h: Harness;
let endpoint: Server;
let endpointUrl = "";
const seen: { signature: string; payload: unknown }[] = [];
const keys = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});

/** A data endpoint written from Meta's documented steps with node:crypto, to check the sandbox's client. */
function answer(raw: string): string {
  const body = JSON.parse(raw);
  const aesKey = privateDecrypt(
    { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(body.encrypted_aes_key, "base64"),
  );
  const iv = Buffer.from(body.initial_vector, "base64");
  const data = Buffer.from(body.encrypted_flow_data, "base64");
  const decipher = createDecipheriv("aes-128-gcm", aesKey, iv);
  decipher.setAuthTag(data.subarray(-16));
  const payload = JSON.parse(
    Buffer.concat([decipher.update(data.subarray(0, -16)), decipher.final()]).toString(),
  );
  seen.push({ signature: "", payload });
  const cipher = createCipheriv("aes-128-gcm", aesKey, Buffer.from(iv.map((b) => ~b & 0xff)));
  const out = { screen: "NEXT", data: { echoed: payload.action } };
  return Buffer.concat([cipher.update(JSON.stringify(out)), cipher.final(), cipher.getAuthTag()]).toString(
    "base64",
  );
}

beforeAll(async () => {
  h = await startHarness();
  endpoint = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const expected = `sha256=${createHmac("sha256", APP_SECRET).update(raw).digest("hex")}`;
      if (req.headers["x-hub-signature-256"] !== expected) return res.writeHead(432).end();
      let encrypted: string;
      try {
        encrypted = answer(raw);
      } catch {
        return res.writeHead(421).end();
      }
      res.writeHead(200, { "content-type": "text/plain" }).end(encrypted);
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/flows`;
});

afterAll(async () => {
  await h.close();
  endpoint.closeAllConnections();
  await new Promise((resolve) => endpoint.close(resolve));
});

describe("whatsapp_business_encryption", () => {
  it("stores a 2048-bit RSA public key and reads it back; refuses other keys", async () => {
    const path = `/v23.0/${PHONE_NUMBER_ID}/whatsapp_business_encryption`;
    expect((await h.call("GET", path, undefined, TOKEN)).body).toEqual({ data: [] });
    const set = await h.call("POST", path, { business_public_key: keys.publicKey }, TOKEN);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ success: true });
    expect((await h.call("GET", path, undefined, TOKEN)).body).toEqual({
      data: [{ business_public_key: keys.publicKey, business_public_key_signature_status: "VALID" }],
    });
    const small = generateKeyPairSync("rsa", { modulusLength: 1024 })
      .publicKey.export({ type: "spki", format: "pem" })
      .toString();
    const refused = await h.call("POST", path, { business_public_key: small }, TOKEN);
    expect(refused.status).toBe(400);
    expect((refused.body as { error: { code: number } }).error.code).toBe(100);
    expect(
      (await h.call("POST", path, { business_public_key: keys.publicKey }, null)).status,
    ).toBeGreaterThanOrEqual(400);
  });
});

describe("POST /_sandbox/flows/data-exchange", () => {
  it("encrypts and signs as WhatsApp does, and decrypts the answer with the flipped IV", async () => {
    const res = await h.call("POST", "/_sandbox/flows/data-exchange", {
      phone_number_id: PHONE_NUMBER_ID,
      endpoint_uri: endpointUrl,
      action: "data_exchange",
      screen: "FIRST",
      data: { a: 1 },
      flow_token: "ft-1",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 200,
      response: { screen: "NEXT", data: { echoed: "data_exchange" } },
    });
    expect(seen.at(-1)?.payload).toEqual({
      version: "3.0",
      action: "data_exchange",
      screen: "FIRST",
      data: { a: 1 },
      flow_token: "ft-1",
    });
    const bad = await h.call("POST", "/_sandbox/flows/data-exchange", {
      phone_number_id: PHONE_NUMBER_ID,
      endpoint_uri: endpointUrl,
      action: "ping",
      bad_signature: true,
    });
    expect(bad.body).toMatchObject({ status: 432 });
    const wrong = await h.call("POST", "/_sandbox/flows/data-exchange", {
      phone_number_id: PHONE_NUMBER_ID,
      endpoint_uri: endpointUrl,
      action: "ping",
      wrong_key: true,
    });
    expect(wrong.body).toMatchObject({ status: 421 });
  });
});
