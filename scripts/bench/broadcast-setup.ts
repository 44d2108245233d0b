import { readFileSync } from "node:fs";
import { type BenchStack, configureSandboxApp } from "@/scripts/bench/bench-stack";
import { putJson } from "@/scripts/lib/put-json";

export const PHONE_NUMBER_ID = "910000000001";

/** The sandbox number of the i-th organization's channel (the first is PHONE_NUMBER_ID). */
export const phoneNumberIdOf = (i: number) =>
  i === 0 ? PHONE_NUMBER_ID : `9100000002${String(i).padStart(2, "0")}`;
/** Its WhatsApp Business Account (one is active in one organization only). */
const wabaIdOf = (i: number) => (i === 0 ? WABA_ID : `9100000003${String(i).padStart(2, "0")}`);
const WABA_ID = "910000000002";
const TOKEN = "bench-broadcast-token";
export const TAG = "bench-audience";

/**
 * The sandbox as Meta's top tier (1,000 messages/s for the number, set through its control API:
 * past it the sandbox answers 130429), statuses off (each would be a webhook POST to the web app:
 * not part of a broadcast's cost), one utility template with a variable.
 */
export async function setUpUpstream(stack: BenchStack, perSecond: number, numbers = 1): Promise<void> {
  await configureSandboxApp(stack);
  for (let i = 0; i < numbers; i++) {
    await putJson(`${stack.sandboxUrl}/_sandbox/phone-numbers/${phoneNumberIdOf(i)}`, {
      waba_id: wabaIdOf(i),
      display_phone_number: `+1 555 01${String(98 - i).padStart(2, "0")}`,
      access_token: TOKEN,
      throughput_per_second: perSecond,
    });
  }
  for (let i = 0; i < numbers; i++) {
    await putJson(`${stack.sandboxUrl}/_sandbox/templates/${wabaIdOf(i)}`, {
      data: [
        {
          name: "order_ready",
          language: "en_US",
          category: "UTILITY",
          components: [{ type: "BODY", text: "Hi {{1}}, your order is ready for pickup." }],
        },
      ],
    });
  }
}

/** An organization with a key, a channel at `perSecond` (templates synced) and `n` tagged contacts. */
export async function seedOrganization(stack: BenchStack, perSecond: number, n: number, index = 0) {
  const { createOrganization } = await import("@/lib/organizations/create-organization");
  const { createApiKey } = await import("@/lib/keys/create-api-key");
  const { createChannel } = await import("@/lib/channels/create-channel");
  const { db } = await import("@/lib/db");
  const org = await createOrganization({ name: `Bench broadcast ${index + 1}` });
  const { key } = await createApiKey({
    organizationId: org.id,
    name: "bench",
    kind: "sk",
    // contacts:write: the warm-up broadcast's inline recipient may become a contact
    scopes: ["whatsapp:send", "contacts:write"],
    perMinuteLimit: 100_000,
    perDayLimit: 1_000_000,
  });
  const channel = await createChannel({
    organizationId: org.id,
    name: "bench",
    phoneNumberId: phoneNumberIdOf(index),
    wabaId: wabaIdOf(index),
    accessToken: TOKEN,
    graphUrl: `${stack.sandboxUrl}/v23.0`,
    throughputPerSecond: perSecond,
  });
  for (let i = 0; i < n; i += 20_000) {
    await db().contact.createMany({
      data: Array.from({ length: Math.min(20_000, n - i) }, (_, j) => ({
        organizationId: org.id,
        phone: `+1415${String(1_000_000 + i + j).padStart(7, "0")}`,
        name: (i + j) % 10 === 0 ? null : `Customer ${i + j}`,
      })),
    });
  }
  const tag = await db().tag.create({ data: { organizationId: org.id, name: TAG } });
  await db().$executeRaw`
    INSERT INTO contact_tags (contact_id, tag_id)
    SELECT id, ${tag.id}::uuid FROM contacts WHERE organization_id = ${org.id}::uuid`;
  await db().$executeRaw`ANALYZE contacts`;
  await db().$executeRaw`ANALYZE contact_tags`;
  for (let i = 0; i < 300; i++) {
    const c = await db().channel.findUnique({ where: { id: channel.id } });
    if (c?.templatesSyncedAt) return { org, key, channel };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the channel's templates were not synced");
}

/** Resident memory of processes, in MB (VmRSS from /proc). */
export function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      kb += Number(line?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}
