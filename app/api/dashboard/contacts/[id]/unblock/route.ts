import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { toContactJson } from "@/lib/contacts/contact-json";
import { unblockContact } from "@/lib/contacts/unblock-contact";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Any staff member unblocks a customer. */
export const POST = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: EVERYONE },
  async ({ session, params }) =>
    jsonOk({ contact: toContactJson(await unblockContact(session.organizationId, params.id)) }),
);
