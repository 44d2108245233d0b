/**
 * `npm run topology`: the production topology of docs/scaling.md started on this machine without
 * containers, and proven under failure.
 *
 * nginx (Debian's) balances two web processes; PgBouncer (Debian's, transaction mode) stands in
 * front of PostgreSQL for every pool, while each worker's LISTEN connection goes to PostgreSQL
 * directly (DATABASE_LISTEN_URL: LISTEN is session state); a Redis of its own (AOF, noeviction);
 * two worker processes; the sandbox as Meta. Through nginx it then sends messages, receives
 * customers' messages and their statuses, runs a broadcast and delivers every event to a local
 * receiver, while it SIGKILLs one web and one worker (each restarted) and restarts PgBouncer.
 * It prints what it proved and exits 1 when anything was lost, sent twice or delivered twice.
 * Everything it started is stopped by its process group on exit, also on Ctrl-C.
 *
 * TOPOLOGY_PROFILE=short (CI) sends less; TOPOLOGY_DATABASE_URL names the PostgreSQL database
 * (recreated; its name must contain "topology"); TOPOLOGY_VERBOSE=1 shows every process's output.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LifecycleReceiver } from "@/scripts/bench/lifecycle-receiver";
import { recreateDatabase } from "@/scripts/lib/database";
import { scratchServices } from "@/scripts/lib/runtime-env";
import { nginxConf, pgbouncerIni, pgbouncerUsers } from "@/scripts/lib/topology-config";
import { waitFor } from "@/scripts/test/processes";
import { ensureBinaries, freePort, Service, unprivilegedUser } from "@/scripts/topology/services";
import { putJson } from "./lib/put-json.ts";

const SHORT = process.env.TOPOLOGY_PROFILE === "short";
const PROFILE = SHORT
  ? { sends: 150, inbound: 150, broadcast: 1_000, rate: 25 }
  : { sends: 600, inbound: 600, broadcast: 3_000, rate: 40 };
const PHONE_NUMBER_ID = "930000000001";
const WABA_ID = "930000000002";
const TOKEN = "topology-token";
const TAG = "topology-audience";
const OUTBOUND_EVENTS = ["message.sent", "message.delivered", "message.read"];
const SECRETS = {
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
  WHATSAPP_APP_SECRET: "topology-app-secret-0123456789abcdef",
  WHATSAPP_VERIFY_TOKEN: "topology-verify-token",
  AUTH_SECRET: "topology-auth-secret-0123456789abcdef0123456789",
};

type SendOutcome = {
  i: number;
  text: string;
  to: string;
  status: number;
  messageId: string | null;
  error?: string;
};
/** an answer a kill explains: nginx's 502 for a request on a web that died, no answer at all */
const CUT = new Set([0, 502, 503, 504]);
const sendPhone = (i: number) => `+1415${String(6_000_000 + i).padStart(7, "0")}`;

const services: Service[] = [];
let dir = "";

function cleanUp(): void {
  for (const s of services) s.killNow();
  if (dir && !process.env.TOPOLOGY_KEEP) rmSync(dir, { recursive: true, force: true });
}
process.on("exit", cleanUp);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping everything this run started`);
    process.exit(130);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls `fire(i)` for i < n at `rate` a second, never more than 32 in flight (a loaded machine falls behind). */
async function paced<T>(n: number, rate: number, fire: (i: number) => Promise<T>): Promise<T[]> {
  const started = Date.now();
  const all: Promise<T>[] = [];
  const running = new Set<Promise<unknown>>();
  for (let i = 0; i < n; i++) {
    const wait = started + (i * 1000) / rate - Date.now();
    if (wait > 0) await sleep(wait);
    while (running.size >= 32) await Promise.race(running);
    const p = fire(i);
    const tracked = p.catch(() => undefined).finally(() => running.delete(tracked));
    running.add(tracked);
    all.push(p);
  }
  return Promise.all(all);
}

async function main(): Promise<void> {
  const bin = ensureBinaries();
  if (!existsSync(".next/BUILD_ID")) {
    console.log("no production build yet: npm run build");
    if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0)
      throw new Error("build failed");
  }
  dir = mkdtempSync(join(tmpdir(), "topology-"));
  chmodSync(dir, 0o777); // PgBouncer runs as another user when this runs as root

  const direct =
    process.env.TOPOLOGY_DATABASE_URL ?? scratchServices(process.cwd(), "messaging_topology", 0).databaseUrl;
  await recreateDatabase(direct, "topology");
  const migrate = spawnSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts", "apply"], {
    env: { ...process.env, DATABASE_URL: direct },
    stdio: "inherit",
  });
  if (migrate.status !== 0) throw new Error("migrations failed");

  const ports: number[] = [];
  while (ports.length < 9) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const [nginxPort, web1Port, web2Port, bouncerPort, redisPort, sandboxPort, receiverPort, m1, m2] =
    ports as [number, number, number, number, number, number, number, number, number];
  const pg = new URL(direct);
  const database = pg.pathname.slice(1);
  const pooled = new URL(direct);
  pooled.hostname = "127.0.0.1";
  pooled.port = String(bouncerPort);
  pooled.password = "";
  const redisUrl = `redis://127.0.0.1:${redisPort}/0`;
  const appUrl = `http://127.0.0.1:${nginxPort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;

  // Redis as compose.yaml runs it: append-only, never evicting a queue's key
  const redis = new Service(
    "redis",
    bin.redis,
    [
      "--port",
      String(redisPort),
      "--bind",
      "127.0.0.1",
      "--dir",
      dir,
      "--appendonly",
      "yes",
      "--save",
      "",
      "--maxmemory-policy",
      "noeviction",
    ],
    process.env,
  );
  writeFileSync(
    join(dir, "pgbouncer.ini"),
    pgbouncerIni({
      dir,
      port: bouncerPort,
      server: {
        host: pg.hostname,
        port: Number(pg.port || 5432),
        database,
        user: decodeURIComponent(pg.username || "postgres"),
        password: decodeURIComponent(pg.password),
      },
      poolSize: 40,
    }),
  );
  writeFileSync(
    join(dir, "pgbouncer-users.txt"),
    pgbouncerUsers(decodeURIComponent(pg.username || "postgres")),
  );
  const bouncer = new Service(
    "pgbouncer",
    bin.pgbouncer,
    [join(dir, "pgbouncer.ini")],
    process.env,
    unprivilegedUser(),
  );
  writeFileSync(
    join(dir, "nginx.conf"),
    nginxConf({ dir, port: nginxPort, webPorts: [web1Port, web2Port], asRoot: process.getuid?.() === 0 }),
  );
  const nginx = new Service("nginx", bin.nginx, ["-c", join(dir, "nginx.conf"), "-p", dir], process.env);

  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    // every pool through PgBouncer in transaction mode; 1.18 keeps no prepared statements
    DATABASE_URL: pooled.toString(),
    DATABASE_PREPARED_STATEMENTS: "0",
    DATABASE_POOL_SIZE: "10",
    REDIS_URL: redisUrl,
    APP_URL: appUrl,
    ...SECRETS,
    ALLOW_LOOPBACK_URLS: "true",
    TRUSTED_PROXIES: "127.0.0.1,::1",
    WEBHOOK_RETRY_SCALE: "0.001",
    LOG_LEVEL: "warn",
  };
  const node = (name: string, script: string, extra: Record<string, string>) =>
    new Service(name, process.execPath, ["--import", "tsx", script], { ...env, ...extra });
  const webs = [web1Port, web2Port].map((port, i) =>
    node(`web${i + 1}`, "scripts/web.ts", { PORT: String(port) }),
  );
  const workers = [m1, m2].map((port, i) =>
    node(`worker${i + 1}`, "worker/index.ts", {
      WORKER_METRICS_PORT: String(port),
      DATABASE_LISTEN_URL: direct,
      LOG_LEVEL: "info",
    }),
  );
  const sandbox = node("sandbox", "sandbox/server.ts", { SANDBOX_PORT: String(sandboxPort) });
  services.push(redis, bouncer, nginx, ...webs, ...workers, sandbox);

  const webReady = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
  const workerReady = (w: Service) => async () =>
    w.output.join("").split("worker started").length - 1 >= w.restarts + 1;
  redis.start();
  bouncer.start();
  nginx.start();
  for (const s of [...webs, ...workers, sandbox]) s.start();
  try {
    await waitFor(
      async () =>
        spawnSync("redis-cli", ["-p", String(redisPort), "ping"])
          .stdout?.toString()
          .includes("PONG"),
      "redis",
    );
    await waitFor(webReady(web1Port), "web1", 120_000);
    await waitFor(webReady(web2Port), "web2", 120_000);
    await waitFor(async () => (await fetch(`${appUrl}/healthz`)).ok, "nginx");
    for (const w of workers) await waitFor(workerReady(w), w.name, 120_000);
    await waitFor(async () => (await fetch(`${sandboxUrl}/_sandbox/app`)).ok, "the sandbox");
  } catch (error) {
    for (const s of services) process.stderr.write(`--- ${s.name} ---\n${s.output.join("")}\n`);
    throw error;
  }

  // the sandbox plays Meta: statuses a moment after each send, its webhook through nginx
  await putJson(`${sandboxUrl}/_sandbox/app`, {
    webhook_url: `${appUrl}/webhooks/whatsapp`,
    app_secret: SECRETS.WHATSAPP_APP_SECRET,
    verify_token: SECRETS.WHATSAPP_VERIFY_TOKEN,
    status_delays_ms: { sent: 50, delivered: 200, read: 600 },
    skip_delivered_when_read_fast: false,
    pair_rate_limit: null,
    enforce_window: false,
    webhook_retry_delays_ms: [250, 1_000, 3_000, 10_000],
  });
  await putJson(`${sandboxUrl}/_sandbox/phone-numbers/${PHONE_NUMBER_ID}`, {
    waba_id: WABA_ID,
    display_phone_number: "+1 555 0193",
    access_token: TOKEN,
    throughput_per_second: 200,
  });
  await putJson(`${sandboxUrl}/_sandbox/templates/${WABA_ID}`, {
    data: [
      {
        name: "order_ready",
        language: "en_US",
        category: "UTILITY",
        components: [{ type: "BODY", text: "Hi {{1}}, your order is ready for pickup." }],
      },
    ],
  });

  // the organization, seeded directly (the script's own connections go to PostgreSQL directly)
  Object.assign(process.env, { ...SECRETS, DATABASE_URL: direct, REDIS_URL: redisUrl, APP_URL: appUrl });
  process.env.ALLOW_LOOPBACK_URLS = "true";
  const { createOrganization } = await import("@/lib/organizations/create-organization");
  const { createApiKey } = await import("@/lib/keys/create-api-key");
  const { createChannel } = await import("@/lib/channels/create-channel");
  const { createWebhook } = await import("@/lib/webhooks/create-webhook");
  const { db } = await import("@/lib/db");
  const { closeQueues } = await import("@/lib/queues");
  const org = await createOrganization({ name: "Topology" });
  const { key } = await createApiKey({
    organizationId: org.id,
    name: "topology",
    kind: "sk",
    scopes: ["whatsapp:send", "contacts:read"],
    perMinuteLimit: 1_000_000,
    perDayLimit: 10_000_000,
  });
  const channel = await createChannel({
    organizationId: org.id,
    name: "topology",
    phoneNumberId: PHONE_NUMBER_ID,
    wabaId: WABA_ID,
    accessToken: TOKEN,
    graphUrl: `${sandboxUrl}/v23.0`,
    throughputPerSecond: 200,
  });
  const receiver = new LifecycleReceiver(receiverPort);
  await receiver.start();
  await createWebhook(org.id, {
    url: `http://127.0.0.1:${receiverPort}/hook`,
    events: [...OUTBOUND_EVENTS, "message.inbound", "broadcast.completed"],
    secret: "whsec_topology_0123456789abcdef01234567",
  } as Parameters<typeof createWebhook>[1]);
  const broadcastPhones = Array.from(
    { length: PROFILE.broadcast },
    (_, i) => `+1415${String(7_000_000 + i).padStart(7, "0")}`,
  );
  await db().contact.createMany({
    data: broadcastPhones.map((phone, i) => ({ organizationId: org.id, phone, name: `Customer ${i}` })),
  });
  const tag = await db().tag.create({ data: { organizationId: org.id, name: TAG } });
  await db().$executeRaw`
    INSERT INTO contact_tags (contact_id, tag_id)
    SELECT id, ${tag.id}::uuid FROM contacts WHERE organization_id = ${org.id}::uuid`;
  // the customers the sends go to (not in the broadcast's audience) wrote a moment ago: their 24-hour window is open
  await db().contact.createMany({
    data: Array.from({ length: PROFILE.sends }, (_, i) => ({
      organizationId: org.id,
      phone: sendPhone(i),
      lastInboundAt: new Date(),
    })),
  });
  await waitFor(
    async () => (await db().channel.findUnique({ where: { id: channel.id } }))?.templatesSyncedAt != null,
    "the channel's templates to sync",
    120_000,
  );
  await closeQueues();

  console.log(
    `\nnpm run topology${SHORT ? " (short profile)" : ""}: nginx :${nginxPort} → web :${web1Port}, :${web2Port}; ` +
      `PgBouncer :${bouncerPort} (transaction mode) → PostgreSQL ${pg.hostname}:${pg.port || 5432}/${database}; ` +
      `Redis :${redisPort}; 2 workers; sandbox :${sandboxPort}`,
  );
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };

  // the load, all through nginx
  const sending = paced(PROFILE.sends, PROFILE.rate, async (i): Promise<SendOutcome> => {
    const to = sendPhone(i);
    const text = `topology send ${i}`;
    try {
      const res = await fetch(`${appUrl}/v1/whatsapp/messages`, {
        method: "POST",
        headers,
        body: JSON.stringify({ to, type: "text", text: { body: text } }),
      });
      const raw = await res.text();
      let body: {
        data?: { messageId?: string };
        error?: { code?: string; details?: { messageId?: string } };
      } = {};
      try {
        body = JSON.parse(raw);
      } catch {}
      // a 503 that names the message says it is under way ("it will complete"): the caller watches
      // its events rather than sending again, and so does this check
      const messageId = res.ok
        ? (body.data?.messageId ?? null)
        : res.status === 503
          ? (body.error?.details?.messageId ?? null)
          : null;
      return { i, text, to, status: res.status, messageId, error: body.error?.code ?? raw.slice(0, 200) };
    } catch {
      return { i, text, to, status: 0, messageId: null };
    }
  });
  // a customer's message through the sandbox, which signs it and posts it to nginx as Meta would
  // (retrying as Meta does when the product does not answer 200)
  const receiving = paced(PROFILE.inbound, PROFILE.rate, async (i) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(`${sandboxUrl}/_sandbox/inbound`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            phone_number_id: PHONE_NUMBER_ID,
            from: `1415${String(8_000_000 + i).padStart(7, "0")}`,
            name: `Caller ${i}`,
            message: { type: "text", text: { body: `topology inbound ${i}` } },
          }),
        });
        const body = (await res.json()) as { id?: string };
        if (!res.ok || !body.id) throw new Error(`the sandbox refused an inbound message: ${res.status}`);
        return body.id;
      } catch (error) {
        // the sandbox's own control endpoint (this script's stand-in for a customer's phone) did
        // not answer on a loaded machine: nothing reached the product, so ask again
        if (attempt >= 5) throw error;
        await sleep(500 * attempt);
      }
    }
  });
  const created = await fetch(`${appUrl}/v1/whatsapp/broadcasts`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: "Topology",
      template: {
        name: "order_ready",
        language: { code: "en_US" },
        components: [{ type: "body", parameters: [{ type: "text", text: "{{contact.name|there}}" }] }],
      },
      audience: { tags: [TAG] },
    }),
  });
  const broadcast = (await created.json()) as { data?: { id: string } };
  if (created.status !== 201 || !broadcast.data) throw new Error(`broadcast: ${created.status}`);
  const broadcastId = broadcast.data.id;

  // the failures, while all of that runs
  const chaos: string[] = [];
  const web1 = webs[0] as Service;
  const worker1 = workers[0] as Service;
  await sleep(1_500);
  await web1.stop("SIGKILL");
  chaos.push("web1 SIGKILLed");
  await sleep(1_500);
  web1.restarts++;
  web1.start();
  await waitFor(webReady(web1Port), "web1 after its restart", 120_000);
  chaos.push("web1 restarted and healthy");
  await worker1.stop("SIGKILL");
  chaos.push("worker1 SIGKILLed");
  await sleep(1_500);
  worker1.restarts++;
  worker1.start();
  await waitFor(workerReady(worker1), "worker1 after its restart", 120_000);
  chaos.push("worker1 restarted");
  await bouncer.restart("SIGTERM");
  chaos.push("PgBouncer stopped (SIGTERM: every client connection cut) and started again");

  const sends = await sending;
  const inboundIds = await receiving;
  // a 503 naming its message is "under way" unless the message failed with queue_unavailable
  // ("nothing was sent; retry": the queue was away while PgBouncer restarted)
  const unqueued = new Set(
    (
      await db().message.findMany({
        where: {
          id: { in: sends.filter((s) => s.status === 503 && s.messageId).map((s) => s.messageId as string) },
          errorCode: "queue_unavailable",
        },
        select: { id: true },
      })
    ).map((m) => m.id),
  );
  for (const s of sends) if (s.messageId && unqueued.has(s.messageId)) s.messageId = null;
  const accepted = sends.filter((s) => s.messageId);
  const acceptedIds = accepted.map((s) => s.messageId as string);

  // everything checked at once: what the upstream received, per text (sends) and per recipient
  // (the broadcast), what is stored, what the receiver holds
  const broadcastMessageIds = async () =>
    (await db().message.findMany({ where: { broadcastId }, select: { id: true } })).map((m) => m.id);
  const check = async () => {
    const problems: string[] = [];
    const out: string[] = [];
    // what the upstream received, per text (sends) and per recipient (the broadcast)
    const res = await fetch(`${sandboxUrl}/_sandbox/messages?phone_number_id=${PHONE_NUMBER_ID}`);
    const upstream = (
      (await res.json()) as {
        data: { body: { to?: string; type?: string; text?: { body?: string } }; result: number | null }[];
      }
    ).data;
    const acceptedUpstream = upstream.filter((r) => r.result === 200);
    const byText = new Map<string, number>();
    const byPhone = new Map<string, number>();
    for (const r of acceptedUpstream) {
      if (r.body.type === "text")
        byText.set(r.body.text?.body ?? "", (byText.get(r.body.text?.body ?? "") ?? 0) + 1);
      if (r.body.type === "template") byPhone.set(r.body.to ?? "", (byPhone.get(r.body.to ?? "") ?? 0) + 1);
    }
    const digits = (phone: string) => phone.replace(/\D/g, "");
    const sentTwice = sends.filter((s) => (byText.get(s.text) ?? 0) > 1);
    const acceptedLost = accepted.filter((s) => (byText.get(s.text) ?? 0) === 0);
    const interrupted = sends.filter((s) => !s.messageId && CUT.has(s.status));
    const unqueuedSent = sends.filter(
      (s) => s.status === 503 && !s.messageId && (byText.get(s.text) ?? 0) > 0,
    );
    if (unqueuedSent.length)
      problems.push(`${unqueuedSent.length} sends answered "nothing was sent" went upstream`);
    const refused = sends.filter((s) => !s.messageId && !CUT.has(s.status));
    if (refused.length)
      problems.push(
        `${refused.length} sends refused: ${[...new Set(refused.map((s) => `${s.status} ${s.error}`))].join(", ")}`,
      );
    if (accepted.length < sends.length / 2)
      problems.push(`only ${accepted.length} of ${sends.length} sends accepted`);
    const interruptedSent = interrupted.filter((s) => (byText.get(s.text) ?? 0) === 1);
    if (sentTwice.length) problems.push(`${sentTwice.length} sends went upstream more than once`);
    // a send whose worker was SIGKILLed between claiming it (`sending`) and calling WhatsApp: nobody
    // can know whether WhatsApp got it, so it waits for a status and the sweeper fails it with
    // message.failed after 10 minutes (design.md, lib/messages/sweep-sends.ts): in doubt, not lost
    const lostRows = await db().message.findMany({
      where: { id: { in: acceptedLost.map((s) => s.messageId as string) } },
      select: { id: true, status: true, sendingAt: true },
    });
    // claimed more than 20 s ago and never requested: a request still on its way is not in doubt yet
    const claimedLongAgo = (at: Date | null) => at !== null && Date.now() - at.getTime() > 20_000;
    const inDoubt = new Set(
      lostRows.filter((m) => m.status === "sending" && claimedLongAgo(m.sendingAt)).map((m) => m.id),
    );
    const lost = acceptedLost.filter((s) => !inDoubt.has(s.messageId as string));
    if (lost.length)
      problems.push(
        `${lost.length} accepted sends never went upstream: ${lostRows
          .filter((m) => !inDoubt.has(m.id))
          .map((m) => `${m.id} ${m.status}`)
          .slice(0, 3)
          .join(", ")}`,
      );
    const outboundWrong = receiver.mismatches(
      acceptedIds.filter((id) => !inDoubt.has(id)),
      OUTBOUND_EVENTS,
    );
    if (outboundWrong.length)
      problems.push(
        `${outboundWrong.length} sends' events not exactly once: ${outboundWrong.slice(0, 3).join("; ")}`,
      );

    const inboundWrong = receiver.mismatches(inboundIds, ["message.inbound"]);
    if (inboundWrong.length)
      problems.push(
        `${inboundWrong.length} inbound messages not delivered exactly once: ${inboundWrong.slice(0, 3).join("; ")}`,
      );
    const storedInbound = await db().message.count({
      where: { organizationId: org.id, whatsappMessageId: { in: inboundIds } },
    });
    if (storedInbound !== inboundIds.length)
      problems.push(`${storedInbound} of ${inboundIds.length} inbound messages stored`);

    const b = await db().broadcast.findUnique({ where: { id: broadcastId }, select: { status: true } });
    const bIds = await broadcastMessageIds();
    const countFor = (phone: string | null) =>
      phone ? (byPhone.get(digits(phone)) ?? byPhone.get(phone) ?? 0) : 0;
    // a batch's messages are claimed `sending` together, then requested; a worker killed between the
    // two leaves them in doubt like a single send (failed after 10 minutes, and the broadcast with them)
    const bSending = await db().$queryRaw<{ id: string; phone: string | null }[]>`
      SELECT m.id, r.phone FROM messages m JOIN broadcast_recipients r ON r.message_id = m.id
      WHERE m.broadcast_id = ${broadcastId}::uuid AND m.status = 'sending'
        AND m.sending_at < now() - interval '20 seconds'`;
    const bInDoubt = new Set(bSending.filter((r) => countFor(r.phone) === 0).map((r) => r.id));
    const bStuck = bSending.length - bInDoubt.size;
    const pendingRecipients = await db().broadcastRecipient.count({
      where: { broadcastId, status: "pending" },
    });
    const reached = broadcastPhones.filter((p) => countFor(p) >= 1).length;
    const twice = broadcastPhones.filter((p) => countFor(p) > 1).length;
    const waitsOnDoubt = b?.status === "running" && pendingRecipients === bInDoubt.size && bInDoubt.size > 0;
    if (b?.status !== "completed" && !waitsOnDoubt)
      problems.push(
        `the broadcast is ${b?.status} with ${pendingRecipients} recipients pending, not completed`,
      );
    if (reached + bInDoubt.size !== PROFILE.broadcast)
      problems.push(`the broadcast reached ${reached} of ${PROFILE.broadcast} (${bInDoubt.size} in doubt)`);
    if (bStuck)
      problems.push(`${bStuck} broadcast messages went upstream but are still sending (statuses lost)`);
    if (bIds.length !== PROFILE.broadcast)
      problems.push(`the broadcast stored ${bIds.length} messages for ${PROFILE.broadcast} recipients`);
    if (twice) problems.push(`${twice} broadcast recipients got it more than once`);
    const broadcastWrong = receiver.mismatches(
      bIds.filter((id) => !bInDoubt.has(id)),
      OUTBOUND_EVENTS,
    );
    if (broadcastWrong.length)
      problems.push(
        `${broadcastWrong.length} broadcast messages' events not exactly once: ${broadcastWrong.slice(0, 3).join("; ")}`,
      );
    const completedEvents = [...receiver.messages.values()].length; // keeps the receiver's map in use

    const statusCounts = new Map<number, number>();
    for (const s of sends) statusCounts.set(s.status, (statusCounts.get(s.status) ?? 0) + 1);
    out.push(`\nfailures survived: ${chaos.join("; ")}`);
    out.push(
      `sends:     ${sends.length} through nginx (${[...statusCounts].map(([k, v]) => `${v} × ${k || "no answer"}`).join(", ")}); ` +
        `${accepted.length} accepted (${accepted.filter((s) => s.status === 503).length} of them as 503 "under way"), ` +
        `${accepted.length - inDoubt.size} upstream once with sent/delivered/read delivered once, ` +
        `${inDoubt.size} in doubt (its worker killed mid-send: failed after 10 min by the sweeper); ` +
        `${interrupted.length} cut by a kill or refused as "nothing was sent" (${interruptedSent.length} of them went upstream once, the rest never; ${unqueued.size} refused and never sent), ` +
        `${sentTwice.length} sent twice`,
    );
    out.push(
      `inbound:   ${inboundIds.length} customers' messages, ${storedInbound} stored, ` +
        `${receiver.countWith(inboundIds, "message.inbound")} message.inbound delivered`,
    );
    out.push(
      `broadcast: ${PROFILE.broadcast} recipients, ${b?.status}, ${reached} reached upstream (${twice} twice), ` +
        `${bInDoubt.size} in doubt (claimed by a killed worker, never requested: failed after 10 min), ` +
        `${receiver.countWith(bIds, "message.read")} read events delivered`,
    );
    out.push(
      `receiver:  ${receiver.requests} deliveries for ${completedEvents} messages, ${receiver.duplicates} repeated a delivery id ` +
        "(at-least-once: a delivery whose answer a killed worker never recorded is sent again with the same id)",
    );
    const progress = receiver.requests + reached + storedInbound;
    return { problems, out, progress };
  };
  // until every check holds, or nothing moved for 150 s: a notification a killed worker held is
  // queued again by the sweeper after a minute, so progress may pause that long
  let result = await check();
  let lastProgress = result.progress;
  let lastMove = Date.now();
  while (result.problems.length > 0 && Date.now() - lastMove < 150_000) {
    await sleep(3_000);
    result = await check();
    if (result.progress > lastProgress) {
      lastProgress = result.progress;
      lastMove = Date.now();
    }
  }
  const { problems } = result;
  for (const line of result.out) console.log(line);

  await db().$disconnect();
  await receiver.stop();
  for (const s of [...services].reverse()) await s.stop();
  if (problems.length) {
    // the processes' last output, kept for a look: the run's directory stays
    for (const s of services) writeFileSync(join(dir, `${s.name}.log`), s.output.join(""));
    process.env.TOPOLOGY_KEEP = "1";
    console.log(`\nFAILED:\n  ${problems.join("\n  ")}\n(each process's last output: ${dir}/<name>.log)`);
    process.exitCode = 1;
  } else {
    console.log("\nOK: nothing lost, nothing sent twice, every event delivered once");
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
