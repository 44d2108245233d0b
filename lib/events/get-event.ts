import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { eventRetentionCutoff } from "@/lib/events/list-events";
import { findEvent } from "@/lib/events/repository";
import { isUuid } from "@/lib/ids/uuid";

/** One event of the organization with its deliveries; another organization's is not found. */
export async function getEventOrThrow(organizationId: string, id: string) {
  const event = isUuid(id) ? await findEvent(organizationId, id.toLowerCase(), eventRetentionCutoff()) : null;
  if (!event) throw new ApiError("RESOURCE_NOT_FOUND", `No event ${id}.`);
  return event;
}
