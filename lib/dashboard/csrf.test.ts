import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "@/lib/dashboard/csrf";
import { safeCallbackUrl } from "@/lib/dashboard/safe-callback";

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

describe("safeCallbackUrl: where sign-in may send the browser", () => {
  it("keeps paths on this site", () => {
    expect(safeCallbackUrl("/dashboard/contacts?page=2")).toBe("/dashboard/contacts?page=2");
  });

  it("refuses other sites and odd values (no open redirect)", () => {
    for (const value of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "",
      undefined,
      ["/a"],
    ]) {
      expect(safeCallbackUrl(value)).toBe("/dashboard");
    }
  });
});
