import { DEMO_TEMPLATES } from "./demo-templates.ts";
import { log, message } from "./log.ts";
import { waitFor } from "./ports.ts";
import { putJson } from "./put-json.ts";

export const DEMO_CHANNEL = {
  phoneNumberId: "100000000001",
  wabaId: "200000000001",
  displayPhoneNumber: "+1 555 010 0001",
  accessToken: "demo-sandbox-token",
};

/**
 * The sandbox keeps its state in memory, so every start registers our receiver (after the
 * verification handshake), the demo phone number and the demo templates again; the demo
 * organization's channel pointing at it is created once.
 */
export async function connectDemoSandbox(appUrl: string, sandboxUrl: string): Promise<string | null> {
  try {
    const up = await waitFor(
      async () => (await fetch(`${sandboxUrl}/_sandbox/app`).catch(() => null))?.ok === true,
      30_000,
    );
    if (!up) throw new Error("the sandbox did not answer");
    await putJson(`${sandboxUrl}/_sandbox/app`, {
      webhook_url: `${appUrl}/webhooks/whatsapp`,
      app_secret: process.env.WHATSAPP_APP_SECRET,
      verify_token: process.env.WHATSAPP_VERIFY_TOKEN,
    });
    await putJson(`${sandboxUrl}/_sandbox/phone-numbers/${DEMO_CHANNEL.phoneNumberId}`, {
      waba_id: DEMO_CHANNEL.wabaId,
      display_phone_number: DEMO_CHANNEL.displayPhoneNumber,
      access_token: DEMO_CHANNEL.accessToken,
    });
    await putJson(`${sandboxUrl}/_sandbox/templates/${DEMO_CHANNEL.wabaId}`, { data: DEMO_TEMPLATES });
    return await ensureDemoChannel(sandboxUrl);
  } catch (error) {
    log.warn(`could not connect the sandbox upstream: ${message(error)}`);
    return null;
  }
}

async function ensureDemoChannel(sandboxUrl: string): Promise<string | null> {
  const { db } = await import("@/lib/db");
  const { createChannel } = await import("@/lib/channels/create-channel");
  const { enqueue } = await import("@/lib/queues");
  const org = await db().organization.findFirst({
    where: { name: "Demo Company" },
    orderBy: { createdAt: "asc" },
  });
  if (!org) return null;
  const existing = await db().channel.findFirst({
    where: { organizationId: org.id, phoneNumberId: DEMO_CHANNEL.phoneNumberId },
  });
  if (existing) {
    await enqueue("templates", { organizationId: org.id, channelId: existing.id });
    return existing.id;
  }
  const channel = await createChannel({
    organizationId: org.id,
    name: "Demo WhatsApp number (sandbox)",
    phoneNumberId: DEMO_CHANNEL.phoneNumberId,
    wabaId: DEMO_CHANNEL.wabaId,
    accessToken: DEMO_CHANNEL.accessToken,
    displayPhoneNumber: DEMO_CHANNEL.displayPhoneNumber,
    graphUrl: `${sandboxUrl}/v23.0`,
  });
  log.info(`created the demo channel ${channel.id} on the sandbox upstream`);
  return channel.id;
}
