import "#server-only";
import { db } from "@/lib/db";

export async function createOrganization(input: { name: string }) {
  return db().organization.create({ data: { name: input.name } });
}
