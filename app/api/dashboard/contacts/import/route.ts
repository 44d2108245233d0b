import { BODY_LIMITS } from "@/lib/api/read-body";
import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { importBatchBody, importContacts } from "@/lib/contacts/import-contacts";
import { dashboardRoute } from "@/lib/dashboard/route";

/** One batch of parsed CSV rows (the browser parses the file and sends it in batches). */
export const POST = dashboardRoute(
  { roles: MANAGERS, body: importBatchBody, maxBodyBytes: BODY_LIMITS.dashboardImport },
  async ({ session, body }) => jsonOk(await importContacts(session.organizationId, body.rows)),
);
