import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "@/lib/auth/csrf";
import { safeCallbackUrl } from "@/lib/auth/safe-callback";

function request(method: string, headers: Record<string, string>): Request {
  return new Request("http://127.0.0.1:3000/api/dashboard/keys", { method, headers });
}

describe("isSameOriginRequest: CSRF defence of the dashboard JSON routes", () => {
  it("accepts a same-origin fetch from our own pages", () => {
    const headers = {
      host: "127.0.0.1:3000",
      origin: "http://127.0.0.1:3000",
      "sec-fetch-site": "same-origin",
    };
    expect(isSameOriginRequest(request("POST", headers))).toBe(true);
    expect(isSameOriginRequest(request("DELETE", headers))).toBe(true);
  });

  it("refuses a cross-site or same-site state change, whatever the Origin says", () => {
    const origin = "http://127.0.0.1:3000";
    for (const site of ["cross-site", "same-site", "none"]) {
      expect(
        isSameOriginRequest(request("POST", { host: "127.0.0.1:3000", origin, "sec-fetch-site": site })),
      ).toBe(false);
    }
  });

  it("refuses another Origin, and a state change with neither header", () => {
    expect(
      isSameOriginRequest(request("PATCH", { host: "127.0.0.1:3000", origin: "https://evil.example" })),
    ).toBe(false);
    expect(isSameOriginRequest(request("POST", { host: "127.0.0.1:3000" }))).toBe(false);
  });

  it("accepts APP_URL's origin and the addressed Host without Sec-Fetch-Site (older browsers)", () => {
    expect(
      isSameOriginRequest(request("POST", { host: "localhost:3000", origin: "http://localhost:3000" })),
    ).toBe(true);
  });

  it("lets reads through unless the browser says they are cross-site", () => {
    expect(isSameOriginRequest(request("GET", {}))).toBe(true);
    expect(isSameOriginRequest(request("GET", { "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(request("GET", { "sec-fetch-site": "cross-site" }))).toBe(false);
  });
});

const ORIGIN = "http://app.example.test";

describe("safeCallbackUrl: where sign-in may send the browser", () => {
  it("keeps paths on this site", () => {
    expect(safeCallbackUrl("/dashboard/contacts?page=2", "/dashboard", ORIGIN)).toBe(
      "/dashboard/contacts?page=2",
    );
  });

  it("refuses other sites and odd values (no open redirect)", () => {
    for (const value of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "",
      undefined,
      ["/a"],
      "/\t/evil.example",
      "/\n/evil.example",
      "\t//evil.example",
      "https:evil.example",
      "javascript:alert(1)",
      "http://app.example.test//evil.example",
    ]) {
      expect(safeCallbackUrl(value, "/dashboard", ORIGIN)).toBe("/dashboard");
    }
  });

  it("keeps this origin's absolute URLs as paths, and never returns a control character", () => {
    expect(safeCallbackUrl(`${ORIGIN}/dashboard/keys?x=1#h`, "/dashboard", ORIGIN)).toBe(
      "/dashboard/keys?x=1#h",
    );
    for (const value of ["/dash\rboard", "/dash\nboard\r\n", "/a?b=\r\nSet-Cookie:x"]) {
      const safe = safeCallbackUrl(value, "/dashboard", ORIGIN);
      expect(safe).toMatch(/^\/[^/\\]/);
      expect([...safe].every((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)).toBe(true);
    }
  });
});
