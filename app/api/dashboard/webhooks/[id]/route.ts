import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { updateWebhook } from "@/lib/webhooks/update-webhook";
import { toWebhookJson } from "@/lib/webhooks/webhook-json";

/** The secret is write-only (lib/webhooks/update-webhook.ts). */
export const PATCH = dashboardEndpoint(
  WEBHOOK_DASHBOARD.updateWebhook,
  async ({ session, params, body }) => ({
    webhook: toWebhookJson(
      await updateWebhook(session.organizationId, params.id, body, {
        disabledBy: `in the dashboard by ${session.name ?? session.email}`,
      }),
    ),
  }),
);

export const DELETE = dashboardEndpoint(WEBHOOK_DASHBOARD.deleteWebhook, async ({ session, params }) =>
  deleteWebhook(session.organizationId, params.id),
);

export const { GET, POST, PUT } = dashboardMethodNotAllowed(["PATCH", "DELETE"]);
