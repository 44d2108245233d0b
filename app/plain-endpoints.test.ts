import { describe, expect, it } from "vitest";
import { BASE_URL } from "@/scripts/test/helpers";

/**
 * The endpoints outside /v1 and the dashboard (health, readiness, metrics, a media link, the
 * upstream receiver's route) answer a method they do not serve as /v1 does: 405 in the error
 * envelope with `Allow`, never Next's empty 405 (lib/api/respond.ts plainMethodNotAllowed).
 */
const MEDIA = "/media/00000000-0000-4000-8000-000000000000?expires=1&signature=x";

describe("a method a plain endpoint does not serve", () => {
  it.each([
    ["/healthz", "POST", "GET"],
    ["/healthz", "DELETE", "GET"],
    ["/readyz", "PUT", "GET"],
    ["/metrics", "POST", "GET"],
    ["/metrics", "PATCH", "GET"],
    [MEDIA, "DELETE", "GET"],
    [MEDIA, "PUT", "GET"],
    ["/webhooks/whatsapp", "PATCH", "GET, POST"],
  ])("%s %s → 405 METHOD_NOT_ALLOWED, Allow: %s", async (path, method, allow) => {
    const res = await fetch(`${BASE_URL}${path}`, { method, body: "{}", redirect: "manual" });
    const text = await res.text();
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = JSON.parse(text);
    expect(body.success).toBe(false);
    expect(body.error.code).toBe("METHOD_NOT_ALLOWED");
    expect(body.error.message).toBe(
      `${method} is not supported here; use ${allow.split(", ").join(" or ")}.`,
    );
  });

  it("still serves the methods it does: GET /healthz 200, GET of a bad media link 403", async () => {
    const health = await fetch(`${BASE_URL}/healthz`);
    expect(health.status).toBe(200);
    expect((await health.json()).data).toEqual({ status: "ok" });
    const media = await fetch(`${BASE_URL}${MEDIA}`);
    await media.arrayBuffer();
    expect(media.status).toBe(403);
  });
});

/**
 * Next answers a path segment that is not valid percent-encoding with a plain 500 before any
 * handler runs; proxy.ts answers 404 instead, on every path with a dynamic segment.
 */
describe("a path that is not valid percent-encoding", () => {
  it.each([
    ["/media/%zz", "GET"],
    ["/media/%E0%A4%A?expires=1&signature=x", "GET"],
    ["/media/abc%zz", "DELETE"],
    ["/flows/endpoint/%zz", "POST"],
    ["/webhooks/whatsapp/%C0%AF", "POST"],
  ])("%s (%s) → 404 RESOURCE_NOT_FOUND in the envelope", async (path, method) => {
    const res = await fetch(`${BASE_URL}${path}`, { method, redirect: "manual" });
    const text = await res.text();
    expect(res.status).toBe(404);
    expect(JSON.parse(text).error.code).toBe("RESOURCE_NOT_FOUND");
  });

  it.each(["/dashboard/broadcasts/%zz", "/dashboard/conversations/%ED%A0%80", "/dashboard/flows/%zz"])(
    "%s → 404, the app's not-found page, not a 500",
    async (path) => {
      const res = await fetch(`${BASE_URL}${path}`, { redirect: "manual" });
      const text = await res.text();
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(text).toContain("This page does not exist");
      expect(text).toContain('href="/dashboard"');
    },
  );
});
