import { beforeAll, describe, expect, it } from "vitest";
import { createStaff, signInWithPassword } from "@/scripts/test/dashboard-session";
import { BASE_URL } from "@/scripts/test/helpers";

/**
 * Issue: signed in, /sign-in?callbackUrl=%2F%09%2Fevil.example sent the browser to evil.example
 * (browsers drop the tab and read "//evil.example"), and %0A/%0D in it answered 500.
 */
let cookie: string;

beforeAll(async () => {
  const staff = await createStaff("agent");
  const signed = await signInWithPassword(staff.email, staff.password);
  if (!signed.cookie) throw new Error(`sign-in failed: ${signed.error}`);
  cookie = signed.cookie;
});

async function signInPage(callbackUrl: string) {
  const res = await fetch(`${BASE_URL}/sign-in?callbackUrl=${callbackUrl}`, {
    headers: { cookie },
    redirect: "manual",
  });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get("location") };
}

describe("/sign-in?callbackUrl=… while signed in", () => {
  it.each([
    ["a tab", "%2F%09%2Fevil.example"],
    ["a line feed", "%2F%0A%2Fevil.example"],
    ["a carriage return", "%2F%0D%2Fevil.example"],
    ["CR LF and a header", "%2Fdashboard%0D%0ASet-Cookie%3A%20x%3D1"],
    ["a protocol-relative URL", "%2F%2Fevil.example"],
    ["a backslash", "%2F%5Cevil.example"],
    ["another origin", "https%3A%2F%2Fevil.example%2Fdashboard"],
    ["a javascript: URL", "javascript%3Aalert(1)"],
  ])("%s → a redirect on this site, never elsewhere and never a 5xx", async (_, value) => {
    const res = await signInPage(value);
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    const target = new URL(res.location ?? "", BASE_URL);
    expect(target.origin).toBe(BASE_URL);
    expect(target.pathname.startsWith("//")).toBe(false);
    expect(res.location).not.toMatch(/evil/i);
    // a line break never reaches the Location header (no header injection)
    expect(res.location).not.toMatch(/[\r\n\t]/);
  });

  it("a path or an absolute URL of this app is followed", async () => {
    expect((await signInPage("%2Fdashboard%2Fcontacts%3Fq%3Da")).location).toMatch(
      /\/dashboard\/contacts\?q=a$/,
    );
    const own = encodeURIComponent(`${BASE_URL}/dashboard/keys`);
    expect((await signInPage(own)).location).toMatch(/\/dashboard\/keys$/);
  });

  it("next-auth's own redirect after signing in stays on this site", async () => {
    const staff = await createStaff("agent");
    const res = await signInWithPassword(staff.email, staff.password, {
      callbackUrl: "https://evil.example/x",
    });
    expect(res.error).toBeNull();
    expect(new URL(res.url ?? "", BASE_URL).origin).toBe(BASE_URL);
  });
});
