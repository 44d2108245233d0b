import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import { createTestOrg, randomIp, type TestOrg } from "@/scripts/test/helpers";
import {
  expectEnvelope,
  FUZZ_SEED,
  HOSTILE_SEGMENTS,
  hostileBody,
  hostileContentType,
  hostileQuery,
} from "@/scripts/test/hostile";
import { type RawRequest, rawRequest } from "@/scripts/test/raw-http";
import { V1_ROUTES } from "@/scripts/test/routes";

/**
 * Property-based hostile input against every /v1 route (scripts/test/routes.ts): generated
 * malformed requests, with no key, a garbled one, or a valid key of a test organization.
 * Every answer must be the contract's envelope with a catalog code, never a 5xx.
 *
 * Why it is slow (66 s in a run of `npm test` on a 2-core machine, 2026-12-01): it is the number of requests, FUZZ_RUNS (2,000) generated
 * requests one after another to the shared web app, each answered and checked; fewer would
 * explore less of each route's input.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

let org: TestOrg;
beforeAll(async () => {
  org = await createTestOrg();
});

type Auth = { kind: "none" | "valid" | "bad"; headers: (key: string) => Record<string, string> };

const auth: fc.Arbitrary<Auth> = fc.oneof(
  fc.constant<Auth>({ kind: "valid", headers: (key) => ({ authorization: `Bearer ${key}` }) }),
  fc.constant<Auth>({ kind: "valid", headers: (key) => ({ "x-api-key": key }) }),
  fc.constant<Auth>({ kind: "none", headers: () => ({}) }),
  fc
    .constantFrom<Record<string, string>>(
      { authorization: "Bearer service_sk_live_0000000000000000000000000000" },
      { authorization: "Bearer " },
      { authorization: "Bearer" },
      { authorization: "Basic dXNlcjpwYXNz" },
      { authorization: "bearer    x" },
      { authorization: "Bearer a b c" },
      { authorization: `Bearer ${"k".repeat(5000)}` },
      { "x-api-key": "" },
      { "x-api-key": "service_pk_\u00ff\u00fe" },
      { authorization: "Bearer service_sk_x", "x-api-key": "service_sk_y" },
    )
    .map((h): Auth => ({ kind: "bad", headers: () => h })),
  fc
    .string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 })
    .map((s): Auth => ({ kind: "bad", headers: () => ({ authorization: s }) })),
);

/** A concrete /v1 path: a real route's, then maybe one segment made hostile, a slash added or doubled. */
const path: fc.Arbitrary<{ route: (typeof V1_ROUTES)[number]; path: string }> = fc
  .tuple(
    fc.constantFrom(...V1_ROUTES),
    fc.constantFrom("none", "replace", "append", "trailing", "double", "unknown"),
    fc.nat(),
    fc.constantFrom(...HOSTILE_SEGMENTS),
    hostileQuery,
  )
  .map(([route, how, at, segment, query]) => {
    const parts = route.path.split("/"); // ["", "v1", ...]
    const index = 2 + (at % Math.max(1, parts.length - 2));
    if (how === "replace" && parts.length > 2) parts[index] = segment;
    if (how === "append") parts.push(segment);
    if (how === "trailing") parts.push("");
    if (how === "double") parts.splice(index, 0, "");
    if (how === "unknown") parts.splice(2, parts.length, "no-such", segment);
    return { route, path: `${parts.join("/")}${query}` };
  });

const request: fc.Arbitrary<{
  req: Omit<RawRequest, "headers">;
  auth: Auth;
  headers: Record<string, string>;
}> = fc
  .tuple(
    path,
    fc.option(fc.constantFrom(...METHODS), { freq: 3, nil: undefined }),
    auth,
    hostileContentType,
    fc.option(fc.constantFrom("k", "x".repeat(300), "\u00e9t\u00e9", "%00"), { freq: 4, nil: undefined }),
  )
  .chain(([p, method, a, contentType, idempotencyKey]) =>
    hostileBody((p.route.body as Record<string, unknown> | undefined) ?? {}).map((body) => ({
      req: { method: method ?? p.route.method, path: p.path, body },
      auth: a,
      headers: {
        ...(contentType ? { "content-type": contentType } : {}),
        ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
      },
    })),
  );

describe("hostile input on every /v1 route (fast-check, seeded)", () => {
  it(`${RUNS} generated malformed requests: each answer is the envelope with a catalog code, never a 5xx`, async () => {
    await fc
      .assert(
        fc.asyncProperty(request, async ({ req, auth: a, headers }) => {
          const full: RawRequest = {
            ...req,
            headers: { "x-forwarded-for": randomIp(), ...a.headers(org.key), ...headers },
          };
          expectEnvelope(full, await rawRequest(full));
        }),
        { seed: FUZZ_SEED, numRuns: RUNS, endOnFailure: true, includeErrorInReport: true },
      )
      .catch((error: unknown) => {
        throw new Error(
          `hostile /v1 suite failed with seed ${FUZZ_SEED} (replay: FUZZ_SEED=${FUZZ_SEED})\n${String(error)}`,
        );
      });
  }, 300_000);
});
