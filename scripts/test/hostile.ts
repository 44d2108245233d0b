import fc from "fast-check";
import { expect } from "vitest";
import { ERROR_STATUS } from "@/lib/api/errors";
import type { RawAnswer, RawRequest } from "@/scripts/test/raw-http";

/**
 * Generators of hostile input for the property suites (app/v1/hostile.fuzz.test.ts,
 * app/webhooks/whatsapp/receiver.fuzz.test.ts), and the one property every answer must hold.
 * Runs are seeded: FUZZ_SEED overrides the fixed seed, e.g. to replay a failure.
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);

/** Characters that broke storage or parsing before: NUL, lone surrogates, controls, bidi, BOM. */
const NASTY_CHARS = [
  "\u0000",
  "\ud800",
  "\udfff",
  "\udc00\ud800",
  "\u0001",
  "\u001b",
  "\u007f",
  "\u202e",
  "\ufeff",
  "\uffff",
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_CHARS),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...NASTY_CHARS), fc.string({ maxLength: 8 }))
    .map(([a, b, c]) => a + b + c),
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.constantFrom(
    "",
    " ",
    "null",
    "0",
    "-1",
    "1e999",
    "NaN",
    "+",
    "+1",
    "+123456789012345678901",
    "☃".repeat(600),
  ),
);

/**
 * Path segments that are malformed, or decode to something no id can be. Raw bytes above
 * 0x7E are left out: Node's HTTP parser answers those itself (400, empty body) before Next.
 */
export const HOSTILE_SEGMENTS = [
  "%00",
  "%zz",
  "%C0%AF",
  "%ED%A0%80",
  "%25zz",
  "%",
  "%2",
  "%FF",
  "%E2%82",
  "%2F",
  "%5C",
  "a%00b",
  "%0D%0A",
  "%20",
  "wbk_%00",
  "%F0%9F%98",
  "x".repeat(300),
  "%C3%A9",
  "'\"<>",
  ";x=1",
  "00000000-0000-4000-8000-00000000000%30",
];

/** A query string as raw as node:http lets through (no spaces, bytes up to 0xFF). */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constant(""),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          "page",
          "per_page",
          "search",
          "status",
          "cursor",
          "limit",
          "q",
          "%00",
          "%zz",
          "a[b]",
          "",
        ),
        fc.oneof(
          fc.constantFrom(
            ...HOSTILE_SEGMENTS,
            "-1",
            "0",
            "1e9",
            "NaN",
            "99999999999999999999",
            "true",
            "[]",
            "{}",
          ),
          fc.string({ unit: "binary-ascii", maxLength: 12 }).map(encodeURIComponent),
        ),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`),
  fc.constantFrom(
    "?",
    "??",
    "?&&&",
    "?=",
    "?%",
    "?a=%",
    "?page=%00",
    "?search=%ED%A0%80",
    `?search=${"a".repeat(4000)}`,
  ),
);

export const hostileContentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  "*/*",
  "garbage",
  "application/json;;;",
);

function nested(depth: number, object: boolean): string {
  return object
    ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`
    : `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

/** Replaces one field of a valid body (or adds one) with a hostile value. */
function mutate(base: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  return { ...base, [key]: value };
}

/**
 * Bodies: malformed JSON, wrong types, deep or wide nesting, hostile strings inside an
 * otherwise valid body, invalid UTF-8, and now and then one just over a 1 MiB limit.
 */
export function hostileBody(valid: Record<string, unknown>): fc.Arbitrary<string | Buffer | undefined> {
  const keys = [...Object.keys(valid), "name", "extra", "__proto__", "constructor"];
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "{",
        '{"a":',
        "[1,2",
        '{"a":1,}',
        "{'a':1}",
        '{"a":1}{"b":2}',
        "\ufeff{}",
        "undefined",
        "null",
        "[]",
        "42",
        '"text"',
        '{"a":"raw \u0001 control"}',
        '{"a":"\\ud800"}',
        '{"a":"\\u0000"}',
        '{"\\u0000":1}',
        '{"__proto__":{"polluted":1}}',
      ),
    },
    { weight: 2, arbitrary: fc.string({ maxLength: 64 }) },
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...keys), fc.oneof(hostileString, fc.jsonValue({ maxDepth: 3 })))
        .map(([k, v]) => JSON.stringify(mutate(valid, k, v))),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.integer({ min: 30, max: 20_000 }), fc.boolean())
        .map(([depth, object]) => nested(depth, object)),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 20_000 })
        .map((n) => JSON.stringify({ ...valid, tags: Array.from({ length: n }, (_, i) => `t${i}`) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 64 })
        .map((bytes) => Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bytes), Buffer.from('"}')])),
    },
    { weight: 1, arbitrary: fc.constant(JSON.stringify({ ...valid, name: "x".repeat(1024 * 1024) })) },
  );
}

function describeRequest(req: RawRequest): string {
  const body = req.body === undefined ? "" : ` body=${JSON.stringify(String(req.body).slice(0, 200))}`;
  return `${req.method} ${req.path} headers=${JSON.stringify(req.headers)}${body}`;
}

/**
 * The property: never a 5xx; a refusal is `{ success: false, error: { code, message,
 * details? } }` with a catalog code whose status is the answer's; a success is
 * `{ success: true, data }`; both JSON. `//` (and `\`) in a path are the one exception:
 * Next answers them with a 308 to the cleaned path before any code of ours runs.
 */
export function expectEnvelope(req: RawRequest, res: RawAnswer): void {
  const shown = `${describeRequest(req)} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, shown).toBeLessThan(500);
  const pathOnly = req.path.split("?")[0] ?? "";
  if (/\/\/|\\/.test(pathOnly) && res.status === 308) {
    expect(res.headers.location, shown).toBeTruthy();
    return;
  }
  expect(res.headers["content-type"], shown).toMatch(/^application\/json/);
  if (res.status >= 400) {
    expect(res.body?.success, shown).toBe(false);
    const code = res.body?.error?.code as keyof typeof ERROR_STATUS;
    expect(Object.keys(ERROR_STATUS), shown).toContain(code);
    expect(ERROR_STATUS[code], shown).toBe(res.status);
    expect(typeof res.body.error.message === "string" && res.body.error.message.length > 0, shown).toBe(true);
    expect(Object.keys(res.body).sort(), shown).toEqual(["error", "success"]);
    expect(
      Object.keys(res.body.error).every((k) => ["code", "message", "details"].includes(k)),
      shown,
    ).toBe(true);
    expect(res.text, shown).not.toMatch(/\n\s+at\s|node_modules|\.tsx?:\d+|prisma/i);
  } else {
    expect(res.body?.success, shown).toBe(true);
  }
}
