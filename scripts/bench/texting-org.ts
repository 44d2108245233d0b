import { type BenchStack, configureSandboxApp } from "@/scripts/bench/bench-stack";
import { putJson } from "@/scripts/lib/put-json";

/**
 * What the /v1 benchmarks (bench:send, bench:web-memory) send through: the sandbox's app with
 * statuses off (each would be a webhook POST to the web app) and no 24-hour window enforced, one
 * phone number, and an organization with a key, a channel on that number and `contacts` customers
 * who wrote within the window (so a text may go to each). Pacing off unless `perSecond` sets the
 * number's and the channel's throughput.
 */
export async function textingOrganization(
  stack: BenchStack,
  options: {
    name: string;
    phoneNumberId: string;
    wabaId: string;
    displayPhoneNumber: string;
    scopes: string[];
    /** the first customer's number is +1415 followed by this, the next ones count up */
    firstPhone: number;
    contacts: number;
    perSecond?: number;
  },
): Promise<{ organizationId: string; key: string; channelId: string; phones: string[] }> {
  const { createOrganization } = await import("@/lib/organizations/create-organization");
  const { createApiKey } = await import("@/lib/keys/create-api-key");
  const { createChannel } = await import("@/lib/channels/create-channel");
  const { db } = await import("@/lib/db");
  const { closeQueues } = await import("@/lib/queues");
  const throughput = options.perSecond ? { throughput_per_second: options.perSecond } : {};
  await configureSandboxApp(stack, { enforce_window: false });
  await putJson(`${stack.sandboxUrl}/_sandbox/phone-numbers/${options.phoneNumberId}`, {
    waba_id: options.wabaId,
    display_phone_number: options.displayPhoneNumber,
    access_token: "bench-token",
    ...throughput,
  });
  const org = await createOrganization({ name: options.name });
  const { key } = await createApiKey({
    organizationId: org.id,
    name: "bench",
    kind: "sk",
    scopes: options.scopes as Parameters<typeof createApiKey>[0]["scopes"],
    perMinuteLimit: 10_000_000,
    perDayLimit: 100_000_000,
  });
  const channel = await createChannel({
    organizationId: org.id,
    name: "bench",
    phoneNumberId: options.phoneNumberId,
    wabaId: options.wabaId,
    accessToken: "bench-token",
    graphUrl: `${stack.sandboxUrl}/v23.0`,
    ...(options.perSecond ? { throughputPerSecond: options.perSecond } : {}),
  });
  const phones = Array.from(
    { length: options.contacts },
    (_, i) => `+1415${String(options.firstPhone + i).padStart(7, "0")}`,
  );
  await db().contact.createMany({
    data: phones.map((phone) => ({ organizationId: org.id, phone, lastInboundAt: new Date() })),
  });
  await closeQueues();
  return { organizationId: org.id, key, channelId: channel.id, phones };
}
