import "#server-only";
import { db } from "@/lib/db";

/**
 * A staff member's reply in the thread: the template and the Flow it names, read whole here
 * because they belong to the reply (the templates and Flows have no repository of theirs yet).
 * Every function takes the organization first and reads only that organization's rows.
 */

/** The organization's active template with its approved translations by language, or null. */
export function findReplyTemplate(organizationId: string, templateId: string) {
  return db().template.findFirst({
    where: { id: templateId, organizationId, active: true },
    include: {
      translations: { where: { active: true, status: "APPROVED" }, orderBy: { language: "asc" } },
    },
  });
}

export function findReplyFlow(organizationId: string, flowId: string) {
  return db().flow.findFirst({ where: { id: flowId, organizationId } });
}
