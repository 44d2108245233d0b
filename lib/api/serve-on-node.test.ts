import { readdirSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { join, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { loadApiRoutes, matchApiRequest } from "@/lib/api/serve-on-node";

const APP = join(process.cwd(), "app");
const routes = loadApiRoutes(APP);
const request = (method: string, url: string) => ({ method, url }) as IncomingMessage;
const fileOf = (method: string, url: string) => matchApiRequest(routes, request(method, url))?.file ?? null;
const v1 = (path: string) => join(APP, "v1", ...path.split("/"), "route.ts");

describe("which /v1 requests the node:http lane answers, and with which route file", () => {
  it("every route file of app/v1 but the catch-all is found by its own path", () => {
    const files = readdirSync(join(APP, "v1"), { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith("route.ts"),
    );
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const folders = file.split(sep).slice(0, -1);
      if (folders.some((f) => f.startsWith("[["))) continue;
      // a parameter's value no static sibling has
      const path = folders.map((f) => (f.startsWith("[") ? "x0-param" : f)).join("/");
      expect(fileOf("GET", `/v1/${path}?a=1`), path).toBe(join(APP, "v1", file));
    }
  });

  it("a static segment wins over a parameter at the same level, and parameters are named by their folder", () => {
    expect(fileOf("POST", "/v1/whatsapp/calls/permissions")).toBe(v1("whatsapp/calls/permissions"));
    const match = matchApiRequest(routes, request("POST", "/v1/whatsapp/messages/wamid.HBg=/read"));
    expect(match?.file).toBe(v1("whatsapp/messages/[messageId]/read"));
    expect(match?.params).toEqual({ messageId: "wamid.HBg=" });
    expect(matchApiRequest(routes, request("GET", "/v1/webhooks/w1/deliveries"))?.params).toEqual({
      id: "w1",
    });
  });

  it("leaves to Next what it cannot answer exactly as Next would", () => {
    for (const [method, url] of [
      ["HEAD", "/v1/contacts"],
      ["OPTIONS", "/v1/contacts"],
      ["TRACE", "/v1/contacts"],
      ["GET", "/v1/contacts/"],
      ["GET", "/v1//contacts"],
      ["GET", "/v1/contacts/%41"],
      ["GET", "/v1/contacts/%zz"],
      ["GET", "/v1/./contacts"],
      ["GET", "/v1/contacts/../keys"],
      ["GET", "/v1/nothing/here"],
      ["GET", "/v1"],
      ["GET", "/v1/"],
      ["GET", "http://example.com/v1/contacts"],
      ["GET", "/api/dashboard/contacts"],
      ["GET", "/v1/contacts/a b"],
    ] as const) {
      expect(fileOf(method, url), `${method} ${url}`).toBeNull();
    }
  });
});
