/**
 * The admin CLI's commands (scripts/cli.ts is the program operators run): each prints exactly one
 * JSON object, or a message and a non-zero exit code.
 */
import { parseArgs } from "node:util";

type Flags = Record<string, string | undefined>;
type Command = (flags: Flags) => Promise<Record<string, unknown>>;

class UsageError extends Error {}

function required(flags: Flags, name: string): string {
  const value = flags[name];
  if (value === undefined || value === "") throw new UsageError(`--${name} is required`);
  return value;
}

function optionalInt(flags: Flags, name: string): number | undefined {
  const value = flags[name];
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`--${name} must be a positive integer`);
  return Number(value);
}

/** Set once a command imports lib/ (and with it, perhaps, the database client and the queues). */
let loaded = false;
function use<T>(load: Promise<T>): Promise<T> {
  loaded = true;
  return load;
}

/** Whether a command of this process loaded lib/: its clients are then the caller's to close. */
export function adminCliLoadedLib(): boolean {
  return loaded;
}

async function loadCommands(): Promise<Record<string, Command>> {
  // each command imports what it uses when it runs, after its flags are checked: a usage error
  // answers without loading the database client (seconds of a loaded machine per run)
  const lib = {
    db: async () => (await use(import("@/lib/db"))).db(),
    createOrganization: async () =>
      (await use(import("@/lib/organizations/create-organization"))).createOrganization,
    createUser: async () => (await use(import("@/lib/users/create-user"))).createUser,
    changePassword: async () => (await use(import("@/lib/users/change-password"))).changePassword,
    changeRole: async () => (await use(import("@/lib/users/change-role"))).changeRole,
    removeUser: async () => (await use(import("@/lib/users/remove-user"))).removeUser,
    createApiKey: async () => (await use(import("@/lib/keys/create-api-key"))).createApiKey,
    revokeApiKey: async () => (await use(import("@/lib/keys/revoke-api-key"))).revokeApiKey,
    createChannel: async () => (await use(import("@/lib/channels/create-channel"))).createChannel,
    deactivateChannel: async () => (await use(import("@/lib/channels/deactivate-channel"))).deactivateChannel,
    syncTemplates: async () => (await use(import("@/lib/templates/sync-templates"))).syncTemplates,
    resealSecrets: async () => (await use(import("@/lib/crypto/reseal-secrets"))).resealSecrets,
  };
  const { scopeSchema } = await import("@/lib/api/scopes");
  const { LastOwnerError } = await import("@/lib/users/last-owner");
  const uuid = (f: Flags, name: string) => {
    const value = required(f, name);
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
      throw new UsageError(`--${name} must be a UUID`);
    }
    return value;
  };
  // an operator names a user or a key by its id alone, in any organization: the row names it
  const organizationOf = async (kind: "user" | "key", id: string): Promise<string | null> => {
    const where = { where: { id }, select: { organizationId: true } } as const;
    const row =
      kind === "user"
        ? await (await lib.db()).user.findUnique(where)
        : await (await lib.db()).apiKey.findUnique(where);
    return row?.organizationId ?? null;
  };
  const lastOwner = (error: unknown): never => {
    throw error instanceof LastOwnerError ? new UsageError(error.message) : error;
  };

  return {
    "org create": async (f) => {
      const org = await (await lib.createOrganization())({ name: required(f, "name") });
      return { id: org.id };
    },
    "user create": async (f) => {
      const role = f.role ?? "agent";
      if (role !== "owner" && role !== "admin" && role !== "agent") {
        throw new UsageError("--role must be owner, admin or agent");
      }
      const organizationId = required(f, "org");
      const email = required(f, "email");
      const password = required(f, "password");
      if (password.length < 8) throw new UsageError("--password must have at least 8 characters");
      const name = f.name?.trim();
      if (name !== undefined && name.length > 200)
        throw new UsageError("--name must have at most 200 characters");
      if (!(await (await lib.db()).organization.findUnique({ where: { id: organizationId } }))) {
        throw new UsageError(`no organization ${organizationId}`);
      }
      const user = await (await lib.createUser())({
        organizationId,
        email,
        password,
        role,
        name: name || null,
      });
      return { id: user.id };
    },
    // each of these ends every session of the user at once (lib/auth/session-user.ts)
    "user set-password": async (f) => {
      const password = required(f, "password");
      if (password.length < 8) throw new UsageError("--password must have at least 8 characters");
      const id = uuid(f, "id");
      const org = await organizationOf("user", id);
      if (!org || !(await (await lib.changePassword())(org, id, password)))
        throw new UsageError(`no user ${f.id}`);
      return { id: f.id, sessions_ended: true };
    },
    "user set-role": async (f) => {
      const role = required(f, "role");
      if (role !== "owner" && role !== "admin" && role !== "agent") {
        throw new UsageError("--role must be owner, admin or agent");
      }
      const id = uuid(f, "id");
      const org = await organizationOf("user", id);
      const user = org ? await (await lib.changeRole())(org, id, role).catch(lastOwner) : null;
      if (!user) throw new UsageError(`no user ${f.id}`);
      return { id: user.id, role: user.role };
    },
    "user remove": async (f) => {
      const id = uuid(f, "id");
      const org = await organizationOf("user", id);
      const user = org ? await (await lib.removeUser())(org, id).catch(lastOwner) : null;
      if (!user) throw new UsageError(`no user ${f.id}`);
      return { id: user.id, removed: true };
    },
    "key create": async (f) => {
      const kind = f.kind ?? "sk";
      if (kind !== "sk" && kind !== "pk") throw new UsageError("--kind must be sk or pk");
      const scopes = required(f, "scopes")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => {
          const parsed = scopeSchema.safeParse(s);
          if (!parsed.success)
            throw new UsageError(`unknown scope ${s}; one of ${scopeSchema.options.join(", ")}`);
          return parsed.data;
        });
      let expiresAt: Date | undefined;
      if (f["expires-at"] !== undefined) {
        expiresAt = new Date(f["expires-at"]);
        if (Number.isNaN(expiresAt.getTime())) throw new UsageError("--expires-at must be an ISO 8601 time");
      }
      const organizationId = required(f, "org");
      if (!(await (await lib.db()).organization.findUnique({ where: { id: organizationId } }))) {
        throw new UsageError(`no organization ${organizationId}`);
      }
      const { apiKey, key } = await (await lib.createApiKey())({
        organizationId,
        name: required(f, "name"),
        kind,
        scopes,
        expiresAt,
        perMinuteLimit: optionalInt(f, "per-minute"),
        perDayLimit: optionalInt(f, "per-day"),
      });
      return { id: apiKey.id, key };
    },
    "channel create": async (f) => {
      const organizationId = uuid(f, "org");
      if (!(await (await lib.db()).organization.findUnique({ where: { id: organizationId } }))) {
        throw new UsageError(`no organization ${organizationId}`);
      }
      // The operator's way to give a channel any Graph URL: the dashboard accepts only Meta's and
      // WHATSAPP_GRAPH_URL_ALLOWLIST's. Requests to it still go through the guarded client
      // (lib/net/guarded-fetch.ts): a loopback address is reached only when the origin is on the
      // allow-list or with ALLOW_LOOPBACK_URLS, a private or link-local one never.
      const graphUrl = f["graph-url"];
      if (graphUrl !== undefined && !/^https?:\/\/\S+$/.test(graphUrl)) {
        throw new UsageError(
          "--graph-url must be an http(s) URL including the version, e.g. http://127.0.0.1:4010/v23.0",
        );
      }
      const channel = await (await lib.createChannel())({
        organizationId,
        name: f.name ?? required(f, "phone-number-id"),
        phoneNumberId: required(f, "phone-number-id"),
        wabaId: required(f, "waba-id"),
        accessToken: required(f, "access-token"),
        displayPhoneNumber: f["display-phone-number"] ?? null,
        graphUrl: graphUrl ?? null,
        throughputPerSecond: optionalInt(f, "throughput"),
      });
      return { id: channel.id };
    },
    "channel deactivate": async (f) => {
      // the operator names a channel only: its row says whose it is
      const id = uuid(f, "id");
      const found = await (await lib.db()).channel.findUnique({ where: { id } });
      const channel = found && (await (await lib.deactivateChannel())(id, found.organizationId));
      if (!channel) throw new UsageError(`no channel ${f.id}`);
      return { id: channel.id, status: channel.status };
    },
    "templates sync": async (f) => {
      const channelId = uuid(f, "channel");
      const channel = await (await lib.db()).channel.findUnique({ where: { id: channelId } });
      if (!channel) throw new UsageError(`no channel ${channelId}`);
      return (await lib.syncTemplates())(channel.organizationId, channelId);
    },
    // after rotating ENCRYPTION_KEY (the old one in ENCRYPTION_KEY_PREVIOUS): seal everything anew
    "secrets reseal": async (f) => {
      const organizationId = f.org === undefined ? undefined : uuid(f, "org");
      return (await lib.resealSecrets())({ organizationId });
    },
    "key revoke": async (f) => {
      const id = required(f, "id");
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw new UsageError(`no key ${id}`);
      const org = await organizationOf("key", id);
      const apiKey = org ? await (await lib.revokeApiKey())(org, id) : null;
      if (!apiKey?.revokedAt) throw new UsageError(`no key ${id}`);
      return { id: apiKey.id, revoked_at: apiKey.revokedAt.toISOString() };
    },
  };
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return "(unset)";
  }
}

const FLAG_NAMES = [
  "name",
  "org",
  "email",
  "password",
  "role",
  "scopes",
  "kind",
  "expires-at",
  "per-minute",
  "per-day",
  "id",
  "channel",
  "phone-number-id",
  "waba-id",
  "display-phone-number",
  "access-token",
  "graph-url",
  "throughput",
];

/** Where the command's answer goes: the process's streams, or a test's strings. */
export type CliOutput = { stdout: (text: string) => void; stderr: (text: string) => void };

/**
 * Runs one command: exactly one JSON line on `stdout` and 0, or a message on `stderr` and 1. It
 * closes nothing (scripts/cli.ts closes the database and the queues when the process ends), so a
 * test runs it in its own process, where those clients are shared.
 */
export async function runAdminCli(args: string[], out: CliOutput): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    strict: false,
    options: Object.fromEntries(FLAG_NAMES.map((name) => [name, { type: "string" as const }])),
  });
  const [noun, verb] = positionals;
  const flags: Flags = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === "string" ? v : v === true ? "" : undefined]),
  );
  const commands = await loadCommands();
  const command = commands[`${noun} ${verb}`];
  if (!command) {
    out.stderr(`usage: cli <noun> <verb> [--flag value …]; commands: ${Object.keys(commands).join(", ")}\n`);
    return 1;
  }
  try {
    const result = await command(flags);
    out.stdout(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // one line; Prisma puts its cause on the last line of a multi-line message
    const lines = message
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    const summary = lines.length > 1 && lines[0]?.startsWith("Invalid `") ? lines.at(-1) : lines[0];
    out.stderr(`error: ${summary ?? "unknown error"}\n`);
    if (/reach database|ECONNREFUSED|connect/i.test(summary ?? "")) {
      out.stderr(
        `  (database ${redactUrl(process.env.DATABASE_URL ?? "")}: start the product with \`npm start\` in this checkout, whose services this command finds by itself, or set DATABASE_URL)\n`,
      );
    }
    return 1;
  }
}
