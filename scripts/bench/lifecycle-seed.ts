/**
 * Seeds `bench:lifecycle`'s organization through the code of the checkout it runs in: run from
 * that checkout's directory (`node --import tsx scripts/bench/lifecycle-seed.ts`; a copy of this
 * file is placed in a baseline's worktree), so that an older commit's schema is written by that
 * commit's own Prisma client. Only `@/lib` functions whose signatures have not changed since
 * 6eb44e7 are used, found by name where they moved (the key's creation was in `lib/auth`).
 * Reads BENCH_SEED (JSON: phoneNumberId, wabaId, graphUrl, webhookUrl, events, phones) and the
 * stack's environment; prints one JSON line `{"key": "..."}`.
 */
type Seed = {
  phoneNumberId: string;
  wabaId: string;
  graphUrl: string;
  webhookUrl: string;
  events: string[];
  phones: string[];
};

type CreateApiKey = (input: {
  organizationId: string;
  name: string;
  kind: "sk";
  scopes: string[];
  perMinuteLimit: number;
  perDayLimit: number;
}) => Promise<{ key: string }>;

/** The first of `paths` that loads (a module that moved between commits). */
async function importFirst<T>(paths: string[]): Promise<T> {
  let last: unknown = null;
  for (const path of paths) {
    try {
      return (await import(path)) as T;
    } catch (error) {
      last = error;
    }
  }
  throw last;
}

async function main(): Promise<void> {
  const seed = JSON.parse(process.env.BENCH_SEED ?? "{}") as Seed;
  const { createOrganization } = await import("@/lib/organizations/create-organization");
  const { createApiKey } = await importFirst<{ createApiKey: CreateApiKey }>([
    "@/lib/keys/create-api-key",
    "@/lib/auth/create-api-key",
  ]);
  const { createChannel } = await import("@/lib/channels/create-channel");
  const { createWebhook } = await import("@/lib/webhooks/create-webhook");
  const { db } = await import("@/lib/db");
  const { closeQueues } = await import("@/lib/queues");

  const org = await createOrganization({ name: "Bench" });
  const { key } = await createApiKey({
    organizationId: org.id,
    name: "bench",
    kind: "sk",
    scopes: ["whatsapp:send"],
    perMinuteLimit: 10_000_000,
    perDayLimit: 100_000_000,
  });
  await createChannel({
    organizationId: org.id,
    name: "bench",
    phoneNumberId: seed.phoneNumberId,
    wabaId: seed.wabaId,
    accessToken: "bench-token",
    graphUrl: seed.graphUrl,
    throughputPerSecond: 1000,
  });
  await createWebhook(org.id, {
    url: seed.webhookUrl,
    events: seed.events,
    secret: "whsec_bench_lifecycle_0123456789abcdef",
  } as Parameters<typeof createWebhook>[1]);
  // customers who wrote earlier: an open window and an open conversation each
  await db().contact.createMany({
    data: seed.phones.map((phone) => ({ organizationId: org.id, phone, lastInboundAt: new Date() })),
  });
  await closeQueues();
  await db().$disconnect();
  process.stdout.write(`${JSON.stringify({ key })}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
