import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";
import { updateWebhookBody } from "@/lib/webhooks/schemas";
import { updateWebhook } from "@/lib/webhooks/update-webhook";
import { toWebhookJson } from "@/lib/webhooks/webhook-json";

type Params = { id: string };

export const GET = apiRoute<undefined, undefined, Params>(
  { scope: "webhooks:manage" },
  async ({ org, params }) => ok(toWebhookJson(await getWebhookOrThrow(org.id, params.id))),
);

export const PATCH = apiRoute<typeof updateWebhookBody, undefined, Params>(
  { scope: "webhooks:manage", body: updateWebhookBody },
  async ({ org, params, body }) => ok(toWebhookJson(await updateWebhook(org.id, params.id, body))),
);

export const DELETE = apiRoute<undefined, undefined, Params>(
  { scope: "webhooks:manage" },
  async ({ org, params }) => ok(await deleteWebhook(org.id, params.id)),
);

export const { POST, PUT } = methodNotAllowed(["GET", "PATCH", "DELETE"]);
