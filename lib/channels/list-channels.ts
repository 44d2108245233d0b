import "#server-only";
import { db } from "@/lib/db";
import type { Channel } from "@/lib/generated/prisma/client.ts";

/** One page of the organization's channels, oldest first, with the total. */
export async function listChannels(
  organizationId: string,
  page: number,
  perPage: number,
): Promise<{ channels: Channel[]; total: number }> {
  const where = { organizationId };
  const [channels, total] = await Promise.all([
    db().channel.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    db().channel.count({ where }),
  ]);
  return { channels, total };
}
