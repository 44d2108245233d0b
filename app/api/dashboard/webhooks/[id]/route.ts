import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { updateWebhookBody } from "@/lib/webhooks/schemas";
import { updateWebhook } from "@/lib/webhooks/update-webhook";
import { toWebhookJson } from "@/lib/webhooks/webhook-json";

type Params = { id: string };

/**
 * Edit, enable or disable. The secret is write-only: an empty or absent `secret` keeps the
 * stored one, a new value replaces it (lib/webhooks/update-webhook.ts).
 */
export const PATCH = dashboardRoute<typeof updateWebhookBody, undefined, Params>(
  { roles: MANAGERS, body: updateWebhookBody },
  async ({ session, params, body }) =>
    jsonOk({
      webhook: toWebhookJson(
        await updateWebhook(session.organizationId, params.id, body, {
          disabledBy: `in the dashboard by ${session.name ?? session.email}`,
        }),
      ),
    }),
);

/** Deletes the webhook with its deliveries and their attempts. */
export const DELETE = dashboardRoute<undefined, undefined, Params>(
  { roles: MANAGERS },
  async ({ session, params }) => jsonOk(await deleteWebhook(session.organizationId, params.id)),
);
