import "#server-only";
import { db } from "@/lib/db";
import type { Media } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";

/** One media row of the organization, or null (also for an id that is not a UUID). */
export async function findMedia(organizationId: string, id: string): Promise<Media | null> {
  if (!isUuid(id)) return null;
  return db().media.findFirst({ where: { id, organizationId } });
}
