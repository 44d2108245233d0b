import "#server-only";
import { db } from "@/lib/db";

export async function deactivateChannel(id: string, organizationId?: string) {
  const channel = await db().channel.findFirst({
    where: { id, ...(organizationId ? { organizationId } : {}) },
  });
  if (!channel) return null;
  if (channel.status === "inactive") return channel;
  return db().channel.update({ where: { id }, data: { status: "inactive" } });
}
