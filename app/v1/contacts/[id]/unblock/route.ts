import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { unblockContact } from "@/lib/contacts/block-contact";
import { toContactJson } from "@/lib/contacts/contact-json";
import { CONTACT_ENDPOINTS } from "@/lib/contacts/endpoints";

/** Unblocks the customer on WhatsApp. */
export const POST = apiRoute(CONTACT_ENDPOINTS.unblockContact, async ({ org, params }) =>
  ok(toContactJson(await unblockContact(org.id, params.id))),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
