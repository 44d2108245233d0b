import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { blockContact } from "@/lib/contacts/block-contact";
import { toContactJson } from "@/lib/contacts/contact-json";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Any staff member blocks a customer who abuses the number (Meta's block_users). */
export const POST = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: EVERYONE },
  async ({ session, params }) =>
    jsonOk({ contact: toContactJson(await blockContact(session.organizationId, params.id)) }),
);
