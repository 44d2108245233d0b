import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, type CliResult, expectError, pollUntil, runCli, runCliProcess } from "@/scripts/test/helpers";

/**
 * The admin CLI: exactly one JSON object on stdout and exit 0, or stderr and exit 1.
 *
 * The commands run in this process (runCli: scripts/lib/admin-cli.ts, what they print and the exit
 * code they answer); "the program" below starts `node --import tsx scripts/cli.ts` as an operator
 * does, for what only the program does: its streams, its exit code, its environment. Each start
 * compiles and loads lib/ again, 10–90 s on a loaded machine: this file took 268–494 s in CI when
 * every case started one (about 30).
 */

function json(result: CliResult): Record<string, unknown> {
  expect(result.code, result.stderr).toBe(0);
  const lines = result.stdout.trim().split("\n");
  expect(lines).toHaveLength(1);
  const parsed = JSON.parse(lines[0] ?? "");
  expect(typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)).toBe(true);
  return parsed;
}

function expectFailure(result: CliResult, message?: RegExp): void {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe("");
  expect(result.stderr.trim().length).toBeGreaterThan(0);
  if (message) expect(result.stderr).toMatch(message);
}

async function newOrg(): Promise<string> {
  const out = json(await runCli(["org", "create", "--name", `CLI ${randomUUID().slice(0, 8)}`]));
  return String(out.id);
}

/** A start of the program took 16–90 s in CI at a load of 19: a guard against a hang, not a measurement. */
const SLOW = { timeout: 300_000 };

/** Runs the CLI for every argument list, one after the other. */
async function runAll(argLists: string[][]): Promise<CliResult[]> {
  const results: CliResult[] = [];
  for (const args of argLists) results.push(await runCli(args));
  return results;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("cli: org and user", () => {
  it("org create → {id}, the row exists", async () => {
    const name = `CLI Org ${randomUUID().slice(0, 8)}`;
    const out = json(await runCli(["org", "create", "--name", name]));
    expect(Object.keys(out)).toEqual(["id"]);
    expect(out.id).toMatch(UUID);
    const row = await db().organization.findUnique({ where: { id: String(out.id) } });
    expect(row?.name).toBe(name);
  });

  it("user create → {id} with role, lower-cased e-mail and a hashed password", async () => {
    const org = await newOrg();
    const email = `Agent.${randomUUID().slice(0, 6)}@Example.com`;
    const out = json(
      await runCli([
        "user",
        "create",
        "--org",
        org,
        "--email",
        email,
        "--password",
        "s3cret-pass",
        "--role",
        "admin",
        "--name",
        "Ana Souza",
      ]),
    );
    expect(Object.keys(out)).toEqual(["id"]);
    const user = await db().user.findUniqueOrThrow({ where: { id: String(out.id) } });
    expect(user).toMatchObject({
      organizationId: org,
      email: email.toLowerCase(),
      role: "admin",
      name: "Ana Souza",
    });
    expect(user.passwordHash).not.toContain("s3cret-pass");
  });
});

describe("cli: keys", () => {
  it("key create with every flag → {id, key}; the row holds the limits and expiry; the key works", async () => {
    const org = await newOrg();
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const out = json(
      await runCli([
        "key",
        "create",
        "--org",
        org,
        "--name",
        "ci",
        "--kind",
        "sk",
        "--scopes",
        "contacts:read,contacts:write",
        "--expires-at",
        expiresAt,
        "--per-minute",
        "5",
        "--per-day",
        "100",
      ]),
    );
    expect(Object.keys(out).sort()).toEqual(["id", "key"]);
    expect(String(out.key)).toMatch(/^service_sk_[A-Za-z0-9_-]{43}$/);
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: String(out.id) } });
    expect(row).toMatchObject({ organizationId: org, kind: "sk", perMinuteLimit: 5, perDayLimit: 100 });
    expect(row.scopes.sort()).toEqual(["contacts:read", "contacts:write"]);
    expect(row.expiresAt?.toISOString()).toBe(expiresAt);
    expect(row.keyHash).not.toContain(String(out.key));

    const res = await api("/v1/contacts", { key: String(out.key) });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("5");
    const created = await api("/v1/contacts", {
      method: "POST",
      key: String(out.key),
      body: { phone: "+14155550123" },
    });
    expect(created.status).toBe(201);
  });

  it("key create --kind pk with a read scope → a service_pk_ key that reads but cannot write", async () => {
    const org = await newOrg();
    const out = json(
      await runCli([
        "key",
        "create",
        "--org",
        org,
        "--name",
        "pk",
        "--kind",
        "pk",
        "--scopes",
        "contacts:read",
      ]),
    );
    expect(String(out.key)).toMatch(/^service_pk_/);
    expect((await api("/v1/contacts", { key: String(out.key) })).status).toBe(200);
    const write = await api("/v1/contacts", {
      method: "POST",
      key: String(out.key),
      body: { phone: "+14155550123" },
    });
    expectError(write, 403, "AUTH_INSUFFICIENT_SCOPE");
  });

  it("key create with an --expires-at in the past → the key answers AUTH_KEY_EXPIRED", async () => {
    const org = await newOrg();
    const out = json(
      await runCli([
        "key",
        "create",
        "--org",
        org,
        "--name",
        "old",
        "--scopes",
        "contacts:read",
        "--expires-at",
        "2020-01-01T00:00:00Z",
      ]),
    );
    expectError(await api("/v1/contacts", { key: String(out.key) }), 401, "AUTH_KEY_EXPIRED");
  });

  it("key revoke → {id, revoked_at}; the key then answers AUTH_KEY_REVOKED", async () => {
    const org = await newOrg();
    const created = json(
      await runCli(["key", "create", "--org", org, "--name", "r", "--scopes", "contacts:read"]),
    );
    const key = String(created.key);
    expect((await api("/v1/contacts", { key })).status).toBe(200);
    const out = json(await runCli(["key", "revoke", "--id", String(created.id)]));
    expect(Object.keys(out).sort()).toEqual(["id", "revoked_at"]);
    expect(out.id).toBe(created.id);
    expect(new Date(String(out.revoked_at)).toISOString()).toBe(out.revoked_at);
    const res = await pollUntil(
      () => api("/v1/contacts", { key }),
      (r) => r.status === 401,
    );
    expectError(res, 401, "AUTH_KEY_REVOKED");
  });
});

describe("cli: bad input exits 1 with a message on stderr and nothing on stdout", () => {
  it("refuses a pk key with a write scope", async () => {
    const org = await newOrg();
    const result = await runCli([
      "key",
      "create",
      "--org",
      org,
      "--name",
      "x",
      "--kind",
      "pk",
      "--scopes",
      "contacts:write",
    ]);
    expectFailure(result, /pk/);
    expect(await db().apiKey.count({ where: { organizationId: org } })).toBe(0);
  });

  it("refuses every malformed command", async () => {
    const org = await newOrg();
    const missingOrg = randomUUID();
    const key = ["key", "create", "--org", org, "--name", "x"];
    const cases: [string[], RegExp?][] = [
      [[]],
      [["org", "explode"]],
      [["org", "create"], /--name/],
      [["user", "create", "--org", org, "--email", "a@b.co"], /--password/],
      [["user", "create", "--org", org, "--email", "a@b.co", "--password", "short"], /password/],
      [
        ["user", "create", "--org", org, "--email", "a@b.co", "--password", "long-enough", "--role", "king"],
        /role/,
      ],
      [
        ["user", "create", "--org", missingOrg, "--email", "a@b.co", "--password", "long-enough"],
        /organization/,
      ],
      [[...key], /--scopes/],
      [[...key, "--scopes", "contacts:read,root"], /scope/],
      [[...key, "--scopes", "contacts:read", "--kind", "xx"], /kind/],
      [[...key, "--scopes", "contacts:read", "--expires-at", "next tuesday"], /expires-at/],
      [[...key, "--scopes", "contacts:read", "--per-minute", "0"], /per-minute/],
      [[...key, "--scopes", "contacts:read", "--per-day", "many"], /per-day/],
      [["key", "create", "--org", missingOrg, "--name", "x", "--scopes", "contacts:read"], /organization/],
      [["key", "revoke", "--id", randomUUID()], /no key/],
      [["key", "revoke", "--id", "nope"], /no key/],
      [["key", "revoke"], /--id/],
    ];
    const results = await runAll(cases.map(([args]) => args));
    results.forEach((result, i) => {
      const [args, message] = cases[i] ?? [[]];
      expect({ args, code: result.code, stdout: result.stdout }).toEqual({ args, code: 1, stdout: "" });
      expectFailure(result, message);
    });
    expect(await db().apiKey.count({ where: { organizationId: org } })).toBe(0);
    expect(await db().user.count({ where: { organizationId: org } })).toBe(0);
  });
});

describe("cli: the program", SLOW, () => {
  it("prints one JSON line and exits 0; the row exists", async () => {
    const name = `CLI Program ${randomUUID().slice(0, 8)}`;
    const out = json(await runCliProcess(["org", "create", "--name", name]));
    expect(Object.keys(out)).toEqual(["id"]);
    expect((await db().organization.findUnique({ where: { id: String(out.id) } }))?.name).toBe(name);
  });

  it("a usage error: exit 1, the usage on stderr, nothing on stdout", async () => {
    const result = await runCliProcess(["org", "explode"]);
    expectFailure(result, /^usage: cli <noun> <verb>.*org create/);
  });

  it("a database it cannot reach: exit 1, the error and where to look on stderr, the password hidden", async () => {
    const result = await runCliProcess(["org", "create", "--name", "x"], {
      DATABASE_URL: "postgresql://postgres:hunter2@127.0.0.1:1/messaging",
    });
    expectFailure(result, /^error: /);
    expect(result.stderr).toContain("(database 127.0.0.1:1/messaging: start the product with `npm start`");
    expect(result.stderr).not.toContain("hunter2");
  });
});
