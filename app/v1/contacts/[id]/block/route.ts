import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { blockContact } from "@/lib/contacts/block-contact";
import { toContactJson } from "@/lib/contacts/contact-json";
import { CONTACT_ENDPOINTS } from "@/lib/contacts/endpoints";

/** Blocks the customer on WhatsApp (Meta's block_users); sends to them are refused from then on. */
export const POST = apiRoute(CONTACT_ENDPOINTS.blockContact, async ({ org, params }) =>
  ok(toContactJson(await blockContact(org.id, params.id))),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
