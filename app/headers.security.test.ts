import { describe, expect, it } from "vitest";
import { BASE_URL } from "@/scripts/test/helpers";

/** Issue: no framing protection, nosniff or Referrer-Policy on pages; /v1 without nosniff. */
describe("security headers on every kind of answer", () => {
  it.each([
    ["the sign-in page", "/sign-in"],
    ["a dashboard page (redirect to sign-in)", "/dashboard"],
    ["the API reference", "/docs"],
    ["a /v1 error", "/v1/contacts"],
    ["a dashboard JSON route", "/api/dashboard/contacts"],
    ["a media link", "/media/00000000-0000-0000-0000-000000000000?expires=1&signature=x"],
    // answered on node:http before Next.js (scripts/web.ts), with the build's headers
    ["the upstream receiver's handshake", "/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=wrong"],
    ["the upstream receiver refusing an unsigned POST", "/webhooks/whatsapp", "POST"],
    // through Next's route (methods the node:http path leaves to it)
    ["the upstream receiver's 405", "/webhooks/whatsapp", "PUT"],
  ])("%s", async (_, path, method = "GET") => {
    const res = await fetch(`${BASE_URL}${path}`, {
      redirect: "manual",
      method,
      ...(method === "GET" ? {} : { body: "{}" }),
    });
    await res.arrayBuffer();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // the test stack's APP_URL is http: no HSTS
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
});
