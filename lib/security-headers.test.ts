import { describe, expect, it } from "vitest";
import { securityHeaders } from "@/lib/security-headers";

const header = (env: Record<string, string>, name: string) =>
  securityHeaders(env).find((h) => h.key === name)?.value;

describe("securityHeaders (next.config.ts headers())", () => {
  it("refuses framing, sniffing and foreign sources on every answer", () => {
    const csp = header({ APP_URL: "http://localhost:3000" }, "Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(header({}, "X-Frame-Options")).toBe("DENY");
    expect(header({}, "X-Content-Type-Options")).toBe("nosniff");
    expect(header({}, "Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });

  it("HSTS only when APP_URL is https", () => {
    expect(header({ APP_URL: "http://localhost:3000" }, "Strict-Transport-Security")).toBeUndefined();
    expect(header({ APP_URL: "https://chat.example.com" }, "Strict-Transport-Security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});
