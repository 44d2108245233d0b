import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  deliveryHeaders,
  isUsableSecret,
  serviceSignature,
  standardKey,
  standardSignature,
} from "@/lib/webhooks/sign";

describe("X-Service-Signature", () => {
  it("is sha256=<hex HMAC-SHA256(secret, timestamp + '.' + rawBody)>", () => {
    const body = '{"id":"wh_1_ab","event":"contact.created"}';
    const expected = createHmac("sha256", "s3cret").update(`1700000000123.${body}`).digest("hex");
    expect(serviceSignature("s3cret", "1700000000123", body)).toBe(`sha256=${expected}`);
    expect(serviceSignature("s3cret", "1700000000123", body)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it("changes with the timestamp, the body and the secret", () => {
    const base = serviceSignature("a", "1", "{}");
    expect(serviceSignature("a", "2", "{}")).not.toBe(base);
    expect(serviceSignature("a", "1", "{ }")).not.toBe(base);
    expect(serviceSignature("b", "1", "{}")).not.toBe(base);
  });
});

describe("Standard Webhooks signature", () => {
  it("matches the published test vector of the spec's libraries (whsec_ secret)", () => {
    const signature = standardSignature(
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      "msg_p5jXN8AQM9LWM0D4loKWxJek",
      "1614265330",
      '{"test": 2432232314}',
    );
    expect(signature).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("uses the base64-decoded bytes of a whsec_ secret and the UTF-8 bytes of any other", () => {
    expect(standardKey("whsec_AAEC")).toEqual(Buffer.from([0, 1, 2]));
    expect(standardKey("plain-secret")).toEqual(Buffer.from("plain-secret", "utf8"));
    const expected = createHmac("sha256", Buffer.from("plain-secret"))
      .update("wh_1_ab.1700000000.{}")
      .digest("base64");
    expect(standardSignature("plain-secret", "wh_1_ab", "1700000000", "{}")).toBe(`v1,${expected}`);
  });

  it("refuses a whsec_ secret without valid base64", () => {
    expect(isUsableSecret("whsec_")).toBe(false);
    expect(isUsableSecret("whsec_not base64!")).toBe(false);
    expect(isUsableSecret("whsec_AAEC")).toBe(true);
    expect(isUsableSecret("anything else")).toBe(true);
  });
});

describe("deliveryHeaders", () => {
  const input = { deliveryId: "wh_1700000000123_ab", event: "contact.created", body: "{}", userAgent: "UA" };

  it("carries the contract's headers and the Standard Webhooks ones, signed with the attempt's time", () => {
    const headers = deliveryHeaders({ ...input, secret: "s3cret", nowMs: 1_700_000_000_987 });
    expect(headers).toMatchObject({
      "Content-Type": "application/json",
      "User-Agent": "UA",
      "X-Service-Event": "contact.created",
      "X-Service-Timestamp": "1700000000987",
      "X-Service-Delivery-Id": "wh_1700000000123_ab",
      "webhook-id": "wh_1700000000123_ab",
      "webhook-timestamp": "1700000000",
    });
    expect(headers["X-Service-Signature"]).toBe(serviceSignature("s3cret", "1700000000987", "{}"));
    expect(headers["webhook-signature"]).toBe(
      standardSignature("s3cret", input.deliveryId, "1700000000", "{}"),
    );
  });

  it("signs webhook-signature with the new and the previous secret during a rotation, X-Service-Signature with the new only", () => {
    const headers = deliveryHeaders({
      ...input,
      secret: "whsec_bmV3LXNlY3JldC1ieXRlcy0wMTIzNDU2Nzg5",
      previousSecret: "old-secret",
      nowMs: 1_700_000_000_987,
    });
    const fresh = standardSignature(
      "whsec_bmV3LXNlY3JldC1ieXRlcy0wMTIzNDU2Nzg5",
      input.deliveryId,
      "1700000000",
      "{}",
    );
    const old = standardSignature("old-secret", input.deliveryId, "1700000000", "{}");
    expect(headers["webhook-signature"]).toBe(`${fresh} ${old}`);
    expect(headers["webhook-signature"]?.split(" ")).toEqual([
      expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
      expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    ]);
    expect(headers["X-Service-Signature"]).toBe(
      serviceSignature("whsec_bmV3LXNlY3JldC1ieXRlcy0wMTIzNDU2Nzg5", "1700000000987", "{}"),
    );
  });

  it("sends one signature when there is no previous secret", () => {
    const headers = deliveryHeaders({ ...input, secret: "s3cret", previousSecret: null, nowMs: 1 });
    expect(headers["webhook-signature"]).toBe(standardSignature("s3cret", input.deliveryId, "0", "{}"));
  });

  it("sends no signature without a secret", () => {
    const headers = deliveryHeaders({ ...input, secret: null, nowMs: 1 });
    expect(headers).not.toHaveProperty("X-Service-Signature");
    expect(headers).not.toHaveProperty("webhook-signature");
    expect(headers["webhook-id"]).toBe(input.deliveryId);
  });
});
