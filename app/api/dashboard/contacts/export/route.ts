import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { exportContacts } from "@/lib/contacts/export-contacts";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

/** X-Contact-Count feeds the progress bar; each export reads every contact, hence the limits. */
export const GET = dashboardEndpoint(CONTACT_DASHBOARD.exportContacts, async ({ session }) => {
  const { stream, total } = await exportContacts(session.organizationId);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="contacts-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Contact-Count": String(total),
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
