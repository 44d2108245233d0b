import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { sendMessage } from "@/lib/messages/send-message";
import { sendMessageRequest } from "@/lib/messages/send-schemas";

export const POST = apiRoute({ scope: "whatsapp:send", body: sendMessageRequest }, async ({ org, body }) =>
  ok(await sendMessage(org.id, body)),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
