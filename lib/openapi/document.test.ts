import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { Endpoint } from "@/lib/api/endpoint";
import { ERROR_CODES } from "@/lib/api/errors";
import { EVENT_NAMES, TEST_EVENT_NAME } from "@/lib/events/names";
import { buildOpenApiDocument } from "./document";
import { V1_ENDPOINTS } from "./endpoints";
import { isRef } from "./refs";

const document = buildOpenApiDocument();
const RATE_HEADERS = ["X-Request-Id", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];

function operations() {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    (["get", "post", "put", "patch", "delete"] as const).flatMap((method) => {
      const op = item[method];
      return op ? [{ where: `${method.toUpperCase()} ${path}`, method, op }] : [];
    }),
  );
}

function refsIn(value: unknown): string[] {
  if (typeof value !== "object" || value === null) return [];
  const own = isRef(value) ? [value.$ref] : [];
  return [...own, ...Object.values(value).flatMap(refsIn)];
}

/** `METHOD /v1/path` of every route handler built with apiRoute under app/v1. */
function routeHandlers(): string[] {
  const root = join(process.cwd(), "app");
  const files = readdirSync(join(root, "v1"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith("route.ts"))
    .map((f) => join(root, "v1", f));
  return files.flatMap((file) => {
    const path = `/${relative(root, file)}`.replace(/\/route\.ts$/, "").replace(/\[([^\]]+)\]/g, "{$1}");
    const methods = [
      ...readFileSync(file, "utf8").matchAll(
        /export const (GET|POST|PUT|PATCH|DELETE) = apiRoute(?:<[^(]*>)?\(/g,
      ),
    ];
    return methods.map((m) => `${m[1]} ${path}`);
  });
}

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 and every reference resolves", () => {
    expect(document.openapi).toBe("3.1.0");
    for (const ref of refsIn(document)) {
      const target = ref
        .slice(2)
        .split("/")
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
      expect(target, ref).toBeDefined();
    }
  });

  it("lists every catalog code in the error envelope", () => {
    const code = document.components?.schemas?.ErrorCode;
    expect(code && !isRef(code) ? code.enum : []).toEqual(ERROR_CODES);
  });

  it("gives every operation its scope, security, headers and 429", () => {
    for (const { where, method, op } of operations()) {
      const scope: unknown = op["x-required-scope"];
      expect(typeof scope, where).toBe("string");
      expect(op.description, where).toContain(`\`${String(scope)}\``);
      expect(op.security, where).toEqual([{ bearerAuth: [scope] }, { apiKeyHeader: [scope] }]);
      const responses: Record<string, { headers?: Record<string, unknown> }> = op.responses ?? {};
      expect(responses["429"]?.headers?.["Retry-After"], where).toBeDefined();
      for (const [status, response] of Object.entries(responses)) {
        for (const header of RATE_HEADERS)
          expect(response.headers?.[header], `${where} ${status}`).toBeDefined();
      }
      const idempotency = refsIn(op.parameters).includes("#/components/parameters/IdempotencyKey");
      expect(idempotency, where).toBe(method === "post");
    }
  });

  it("documents every /v1 route handler", () => {
    const documented = V1_ENDPOINTS.map((op) => `${op.method} ${op.path}`);
    expect(documented.sort()).toEqual(routeHandlers().sort());
  });

  it("shows request examples that the route's own schema accepts", () => {
    const endpoints: readonly Endpoint[] = V1_ENDPOINTS;
    for (const op of endpoints) {
      const schema = op.documentedBody ?? op.body;
      if (!schema) continue;
      const method = op.method.toLowerCase() as Lowercase<Endpoint["method"]>;
      const body = document.paths?.[op.path]?.[method]?.requestBody;
      const example: unknown = body && !isRef(body) ? body.content["application/json"]?.example : undefined;
      expect(schema.safeParse(example).success, op.operationId).toBe(true);
    }
  });
});

describe("webhooks: every event we send", () => {
  it.each([...EVENT_NAMES, TEST_EVENT_NAME])("%s has its body and headers in the document", (name) => {
    const item = document.webhooks?.[name];
    const op = item && "post" in item ? item.post : undefined;
    expect(op?.operationId).toMatch(/Event$/);
    const body = op?.requestBody && "content" in op.requestBody ? op.requestBody.content : undefined;
    expect(refsIn(body?.["application/json"]?.schema)).toEqual([expect.stringMatching(/Event$/)]);
    const headers = (op?.parameters ?? []).flatMap((p) => ("name" in p ? [p.name] : []));
    expect(headers).toEqual(
      expect.arrayContaining(["X-Service-Event", "X-Service-Delivery-Id", "webhook-id"]),
    );
  });
});
