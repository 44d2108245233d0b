import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { toContactJson } from "@/lib/contacts/contact-json";
import { CONTACT_ENDPOINTS } from "@/lib/contacts/endpoints";
import { unblockContact } from "@/lib/contacts/unblock-contact";

/** Unblocks the customer on WhatsApp. */
export const POST = apiRoute(CONTACT_ENDPOINTS.unblockContact, async ({ org, params }) =>
  ok(toContactJson(await unblockContact(org.id, params.id))),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
