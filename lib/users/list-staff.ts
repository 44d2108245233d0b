import "#server-only";
import type { StaffJson } from "@/lib/conversations/conversation-schemas";
import { db } from "@/lib/db";

/** The organization's staff, for the assignee picker: by name, then e-mail. */
export async function listStaff(organizationId: string): Promise<StaffJson[]> {
  return db().user.findMany({
    where: { organizationId },
    select: { id: true, name: true, email: true, role: true },
    orderBy: [{ name: { sort: "asc", nulls: "last" } }, { email: "asc" }],
    take: 500,
  });
}
