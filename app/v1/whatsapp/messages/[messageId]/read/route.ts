import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { markMessageRead, markReadBody } from "@/lib/messages/mark-read";

/** Marks a customer's message read upstream, optionally showing the typing indicator. */
export const POST = apiRoute<typeof markReadBody, undefined, { messageId: string }>(
  { scope: "whatsapp:send", body: markReadBody },
  async ({ org, body, params }) => ok(await markMessageRead(org.id, params.messageId, body.typing_indicator)),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
