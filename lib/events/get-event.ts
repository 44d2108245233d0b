import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { eventRetentionCutoff } from "@/lib/events/list-events";
import { isUuid } from "@/lib/ids/uuid";

/** One event of the organization with its deliveries; another organization's is not found. */
export async function getEventOrThrow(organizationId: string, id: string) {
  const event = isUuid(id)
    ? await db().event.findFirst({
        where: { id: id.toLowerCase(), organizationId, createdAt: { gte: eventRetentionCutoff() } },
        include: { deliveries: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
      })
    : null;
  if (!event) throw new ApiError("RESOURCE_NOT_FOUND", `No event ${id}.`);
  return event;
}
