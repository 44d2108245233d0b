import "#server-only";
import { db } from "@/lib/db";

/** The organization's webhooks by name (the deliveries filter; bounded: an organization has a few dozen at most). */
export function listWebhookNames(organizationId: string): Promise<{ id: string; name: string }[]> {
  return db().webhook.findMany({
    where: { organizationId },
    select: { id: true, name: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 500,
  });
}
