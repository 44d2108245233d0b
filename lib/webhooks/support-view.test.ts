import { describe, expect, it } from "vitest";
import { supportDelivery, supportHeaders, supportUrl } from "@/lib/webhooks/support-view";

describe("supportUrl: scheme, host and path only", () => {
  it.each([
    ["https://hooks.example.com/in?token=abc", "https://hooks.example.com/in"],
    ["https://u:p@hooks.example.com:8443/a/b?x=1#f", "https://hooks.example.com:8443/a/b"],
    ["https://hooks.example.com", "https://hooks.example.com/"],
    ["https://[2001:db8::1]:9000/h?k=v", "https://[2001:db8::1]:9000/h"],
    ["https://%75ser:%70w@h.example/p", "https://h.example/p"],
    ["not a url", "(hidden)"],
  ])("%s → %s", (url, expected) => {
    expect(supportUrl(url)).toBe(expected);
  });
});

describe("supportHeaders", () => {
  it("masks signatures, keeping their scheme and count; leaves the rest", () => {
    expect(
      supportHeaders({
        "X-Service-Signature": "sha256=abcdef",
        "webhook-signature": "v1,AAAA v1,BBBB",
        "webhook-id": "wh_1_ab",
      }),
    ).toEqual({
      "X-Service-Signature": "sha256=••••••••",
      "webhook-signature": "v1,•••••••• v1,••••••••",
      "webhook-id": "wh_1_ab",
    });
  });
});

describe("supportDelivery", () => {
  it("masks the URL's secrets where a receiver's answer echoes them, encoded or not", () => {
    const d = supportDelivery({
      webhook: { url: "https://bob:hunter22@h.example/p?token=a%2Fb%2Fc123" },
      attempts: [
        {
          request_headers: {},
          error: "401 for bob:hunter22",
          response_snippet: "bad token a/b/c123 in /p?token=a%2Fb%2Fc123",
        },
      ],
    });
    expect(d.webhook.url).toBe("https://h.example/p");
    expect(d.attempts[0]?.error).toBe("401 for ••••••••:••••••••");
    expect(d.attempts[0]?.response_snippet).toBe("bad token •••••••• in /p?••••••••");
  });
});
