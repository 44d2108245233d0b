import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { DashboardEndpoint } from "@/lib/auth/dashboard-endpoint";

/**
 * The app/api/dashboard route files on disk against the declarations (lib/<domain>/dashboard-endpoints.ts):
 * every method a route file serves passes a declaration of that method and folder, and every
 * declaration is served, so the typed client (components/lib/dashboard-client.ts) never calls a
 * path or method no route answers. The wrapper is replaced by one that only remembers what it was
 * given, so loading the route files builds no handler and touches no service.
 */
vi.mock("@/lib/dashboard/route", () => ({
  dashboardEndpoint: (spec: unknown) => ({ served: spec }),
  dashboardMethodNotAllowed: (allowed: string[]) =>
    Object.fromEntries(["GET", "POST", "PUT", "PATCH", "DELETE"].map((m) => [m, { refused: allowed }])),
}));

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const ROOT = process.cwd();
const ROUTES = join(ROOT, "app", "api", "dashboard");

/** `/api/dashboard/webhooks/{id}` for app/api/dashboard/webhooks/[id]/route.ts */
function pathOf(file: string): string {
  return `/api/dashboard/${file}`.replace(/\/?route\.ts$/, "").replace(/\[([^\]]+)\]/g, "{$1}");
}

function isEndpoint(value: unknown): value is DashboardEndpoint {
  return typeof value === "object" && value !== null && "path" in value && "roles" in value;
}

async function declared(): Promise<DashboardEndpoint[]> {
  const lib = join(ROOT, "lib");
  const files = readdirSync(lib, { recursive: true, encoding: "utf8" }).filter((f) =>
    f.endsWith("/dashboard-endpoints.ts"),
  );
  const all: DashboardEndpoint[] = [];
  for (const file of files) {
    const module: Record<string, unknown> = await import(join(lib, file));
    for (const group of Object.values(module)) {
      if (typeof group === "object" && group !== null) all.push(...Object.values(group).filter(isEndpoint));
    }
  }
  return all;
}

/**
 * Every method of every route file: served through dashboardEndpoint, or refused through
 * dashboardMethodNotAllowed naming exactly the file's served methods (its `Allow`), never left
 * to Next's empty 405.
 */
async function served(): Promise<{ method: string; path: string; spec: DashboardEndpoint }[]> {
  const files = readdirSync(ROUTES, { recursive: true, encoding: "utf8" }).filter(
    (f) => f === "route.ts" || f.endsWith("/route.ts"),
  );
  const out: { method: string; path: string; spec: DashboardEndpoint }[] = [];
  for (const file of files) {
    const module: Record<string, unknown> = await import(join(ROUTES, file));
    const mine: string[] = [];
    const refused: { method: string; allowed: unknown }[] = [];
    for (const method of METHODS) {
      const exported = module[method];
      expect(exported, `${method} ${pathOf(file)} is served or refused`).toBeTypeOf("object");
      if (typeof exported === "object" && exported !== null && "refused" in exported) {
        refused.push({ method, allowed: exported.refused });
        continue;
      }
      const spec =
        typeof exported === "object" && exported !== null && "served" in exported ? exported.served : null;
      expect(isEndpoint(spec), `${method} ${pathOf(file)} goes through dashboardEndpoint`).toBe(true);
      if (isEndpoint(spec)) out.push({ method, path: pathOf(file), spec });
      mine.push(method);
    }
    for (const r of refused) expect(r.allowed, `${r.method} ${pathOf(file)}'s Allow`).toEqual(mine);
  }
  return out;
}

describe("dashboard endpoint declarations", () => {
  it("match the app/api/dashboard route files: each served method passes its own declaration, each declaration is served", async () => {
    const routes = await served();
    const declarations = await declared();
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      expect(`${route.spec.method} ${route.spec.path}`).toBe(`${route.method} ${route.path}`);
      expect(declarations.map((d) => d.name)).toContain(route.spec.name);
    }
    const servedKeys = routes.map((r) => `${r.method} ${r.path}`);
    for (const d of declarations) expect(servedKeys).toContain(`${d.method} ${d.path}`);
    expect(new Set(declarations.map((d) => `${d.method} ${d.path}`)).size).toBe(declarations.length);
  }, 60_000);
});
