import { MANAGERS } from "@/lib/auth/roles";
import { exportContacts } from "@/lib/contacts/export-contacts";
import { dashboardRoute } from "@/lib/dashboard/route";

/**
 * Every contact of the organization as CSV, streamed; X-Contact-Count feeds the progress bar.
 * Counted against DASHBOARD_EXPORTS_PER_USER and _PER_ORGANIZATION (each export reads every contact).
 */
export const GET = dashboardRoute({ roles: MANAGERS, limit: "export" }, async ({ session }) => {
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
