import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { Endpoint } from "@/lib/api/endpoint";
import { V1_ENDPOINTS } from "./endpoints";

/**
 * The app/v1 route files on disk against the declarations: every method a route file serves
 * through apiRoute passes the declaration of that method and folder, and every declaration is
 * served. The wrapper is replaced by one that only remembers what it was given, so loading the
 * route files builds no handler and touches no service.
 */
vi.mock("@/lib/api/route", () => {
  const served = (spec: unknown) => ({ served: spec });
  const refused = () => ({ refused: true });
  return {
    apiRoute: served,
    notFoundRoute: refused,
    methodNotAllowed: () => ({
      GET: refused(),
      POST: refused(),
      PUT: refused(),
      PATCH: refused(),
      DELETE: refused(),
    }),
  };
});

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const V1 = join(process.cwd(), "app", "v1");

/** `/v1/webhooks/{id}` for app/v1/webhooks/[id]/route.ts */
function pathOf(file: string): string {
  return `/v1/${file}`.replace(/\/?route\.ts$/, "").replace(/\[([^\]]+)\]/g, "{$1}");
}

type Served = { method: string; path: string; spec: unknown };

async function servedByRouteFiles(): Promise<Served[]> {
  const files = readdirSync(V1, { recursive: true, encoding: "utf8" }).filter(
    (f) => f === "route.ts" || f.endsWith("/route.ts"),
  );
  const served: Served[] = [];
  for (const file of files) {
    const module: Record<string, unknown> = await import(join(V1, file));
    for (const method of METHODS) {
      const exported = module[method];
      if (typeof exported === "object" && exported !== null && "served" in exported) {
        served.push({ method, path: pathOf(file), spec: exported.served });
      }
    }
  }
  return served;
}

describe("endpoint declarations", () => {
  it("match the app/v1 route files: each served method passes its own declaration, each declaration is served", async () => {
    const served = await servedByRouteFiles();
    const declared: readonly Endpoint[] = V1_ENDPOINTS;
    for (const route of served) {
      const endpoint = declared.find((e) => e === route.spec);
      expect(endpoint, `${route.method} ${route.path} passes no declaration of V1_ENDPOINTS`).toBeDefined();
      expect(`${endpoint?.method} ${endpoint?.path}`, endpoint?.operationId).toBe(
        `${route.method} ${route.path}`,
      );
    }
    const unserved = declared.filter((e) => !served.some((route) => route.spec === e));
    expect(unserved.map((e) => `${e.method} ${e.path} (${e.operationId})`)).toEqual([]);
  });

  it("name exactly the path parameters of their path", () => {
    const declared: readonly Endpoint[] = V1_ENDPOINTS;
    for (const endpoint of declared) {
      const inPath = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(Object.keys(endpoint.params?.shape ?? {}), endpoint.operationId).toEqual(inPath);
    }
  });

  it("have distinct operation ids and method + path pairs", () => {
    const ids = V1_ENDPOINTS.map((e) => e.operationId);
    const routes = V1_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(routes).size).toBe(routes.length);
  });
});
