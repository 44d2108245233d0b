import { randomBytes, randomUUID } from "node:crypto";
import { SCOPES, type Scope } from "../lib/api/scopes";
import { createContact } from "../lib/contacts/create-contact";
import { createContactBody } from "../lib/contacts/schemas";
import { sealSecret } from "../lib/crypto/secret-box";
import { db } from "../lib/db";
import { createApiKey } from "../lib/keys/create-api-key";
import { randomPhone } from "./support";

/** A long customer endpoint: what the dashboard must show of it is its host and path. */
export const LONG_URL =
  "https://hooks.eu-west-1.customer-platform.example.com/integrations/messaging/v2/inbound?token=0123456789abcdef0123456789abcdef";
export const LONG_URL_SHOWN =
  "hooks.eu-west-1.customer-platform.example.com/integrations/messaging/v2/inbound";

const webhookId = () => `wbk_${randomBytes(12).toString("hex")}`;

/**
 * The longest rows a customer may have on every list page: long names, e-mails, URLs, every
 * scope, many tags; webhooks failing, disabled, healthy; deliveries in every state.
 */
export async function seedLongRows(orgId: string): Promise<{ webhooks: string[] }> {
  for (const name of ["Maximiliana Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh", "Ada Lovelace"]) {
    await createContact(
      orgId,
      createContactBody.parse({
        phone: randomPhone(),
        name,
        email: "maximiliana.wolfeschlegelsteinhausenbergerdorff@very-long-company-name.example.com",
        tags: ["vip", "newsletter", "wholesale-customers-eu", "returns-pending", "black-friday-2026"],
        custom_fields: { account_manager: "Grace", region: "EU" },
      }),
    );
  }
  await createApiKey({
    organizationId: orgId,
    name: "Production order-sync service for the EU warehouse (do not revoke)",
    kind: "sk",
    scopes: Object.keys(SCOPES) as Scope[],
  });
  await createApiKey({ organizationId: orgId, name: "Read-only", kind: "pk", scopes: ["contacts:read"] });

  const channelId = randomUUID();
  await db().channel.create({
    data: {
      id: channelId,
      organizationId: orgId,
      name: "Customer support line for Germany, Austria and Switzerland",
      phoneNumberId: `${Date.now()}${Math.floor(Math.random() * 1000)}`,
      // its own WhatsApp Business Account: one is active in one organization at most
      wabaId: `1022901${Date.now() % 1e8}${Math.floor(Math.random() * 1000)}`,
      displayPhoneNumber: "+49 30 901820 55555",
      // a long Graph URL that leads nowhere (loopback, port 9): these tests never send through it
      graphUrl: "http://127.0.0.1:9/graph-proxy/eu-central/customer-support/v23.0/very/long/path",
      accessTokenEnc: sealSecret("t", orgId, channelId),
    },
  });
  await db().template.create({
    data: {
      organizationId: orgId,
      channelId,
      name: "order_shipped_with_tracking_number_and_estimated_delivery_window_v2",
      category: "UTILITY",
      translations: {
        create: ["en_US", "de", "fr", "it", "es", "pt_BR"].map((language, i) => ({
          language,
          status: i === 2 ? "REJECTED" : "APPROVED",
          statusReason: i === 2 ? "INCORRECT_CATEGORY" : null,
          category: "UTILITY",
          upstreamId: `${Date.now()}${i}`,
          components: [{ type: "BODY", text: "Your order {{1}} ships on {{2}}." }],
        })),
      },
    },
  });

  const now = Date.now();
  const hooks = [
    { name: "Billing and invoicing events for the EU production cluster", status: "active" as const },
    { name: "Billing backup (disabled after a 410)", status: "disabled" as const },
  ];
  const ids: string[] = [];
  for (const h of hooks) {
    const id = webhookId();
    ids.push(id);
    await db().webhook.create({
      data: {
        id,
        organizationId: orgId,
        name: h.name,
        url: LONG_URL,
        // an event these specs never cause: nothing is ever delivered to (or looked up for) the public host
        events: ["conversation.resolved"],
        status: h.status,
        disabledReason:
          h.status === "disabled" ? `the endpoint answered 410 Gone to delivery wh_${now}_00` : null,
        disabledAt: h.status === "disabled" ? new Date(now - 3_600_000) : null,
      },
    });
    const event = await db().event.create({
      data: { organizationId: orgId, name: "message.received", data: {} },
    });
    for (const [i, status] of (["pending", "failed", "succeeded"] as const).entries()) {
      const deliveryId = `wh_${now + i}_${randomBytes(8).toString("hex")}`;
      await db().delivery.create({
        data: {
          id: deliveryId,
          organizationId: orgId,
          webhookId: id,
          eventId: event.id,
          status,
          attemptCount: status === "succeeded" ? 1 : 4,
          lastAttemptAt: new Date(now - 60_000),
          nextAttemptAt: status === "pending" ? new Date(now + 30 * 60_000) : null,
          succeededAt: status === "succeeded" ? new Date(now - 60_000) : null,
        },
      });
      await db().deliveryAttempt.create({
        data: {
          deliveryId,
          attemptNumber: status === "succeeded" ? 1 : 4,
          startedAt: new Date(now - 60_000),
          durationMs: 120,
          statusCode: status === "succeeded" ? 200 : 500,
          responseSnippet:
            status === "succeeded"
              ? "ok"
              : '{"error":{"message":"upstream database connection pool exhausted while writing the invoice ledger"}}',
          requestHeaders: {},
        },
      });
    }
  }
  return { webhooks: ids };
}
