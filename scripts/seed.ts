// The demo account of a fresh install: one organization, its owner and an API key with every
// scope. Run by the start command on a database without organizations; the credentials are shown
// once and kept in .data/demo-credentials.json (never committed).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SCOPES, type Scope } from "@/lib/api/scopes";
import { appUrl as configuredAppUrl } from "@/lib/config";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/keys/create-api-key";
import { createOrganization } from "@/lib/organizations/create-organization";
import { createUser } from "@/lib/users/create-user";
import { dataDir } from "./lib/data-dir.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** .data/demo-credentials.json, or under DATA_DIR (scripts/lib/data-dir.ts) */
export const DEMO_CREDENTIALS_FILE = join(dataDir(root), "demo-credentials.json");

export type DemoCredentials = {
  dashboardUrl: string;
  email: string;
  password: string;
  apiKey: string;
  organizationId: string;
  createdAt: string;
  /** set once the start command has shown the credentials (after the web app answered) */
  bannerShownAt: string | null;
};

/** Seeds the demo account when no organization exists; returns its credentials, or null. */
export async function seedDemo(appUrl: string = configuredAppUrl()): Promise<DemoCredentials | null> {
  if ((await db().organization.count()) > 0) return null;
  const organization = await createOrganization({ name: "Demo Company" });
  try {
    const password = randomBytes(12).toString("base64url");
    const email = "demo@example.com";
    await createUser({ organizationId: organization.id, email, password, role: "owner", name: "Demo Owner" });
    const { key } = await createApiKey({
      organizationId: organization.id,
      name: "Demo key",
      kind: "sk",
      scopes: Object.keys(SCOPES) as Scope[],
    });
    const credentials: DemoCredentials = {
      dashboardUrl: appUrl,
      email,
      password,
      apiKey: key,
      organizationId: organization.id,
      createdAt: new Date().toISOString(),
      bannerShownAt: null,
    };
    mkdirSync(dirname(DEMO_CREDENTIALS_FILE), { recursive: true });
    writeFileSync(DEMO_CREDENTIALS_FILE, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    return credentials;
  } catch (error) {
    // leave no half-seeded organization behind, or the next start would never seed again
    await db().organization.delete({ where: { id: organization.id } });
    throw error;
  }
}

/** True when the saved credentials belong to this database (it may have been switched since). */
export async function demoCredentialsMatch(): Promise<boolean> {
  if (!existsSync(DEMO_CREDENTIALS_FILE)) return false;
  try {
    const saved: unknown = JSON.parse(readFileSync(DEMO_CREDENTIALS_FILE, "utf8"));
    const id = typeof saved === "object" && saved !== null ? Reflect.get(saved, "organizationId") : undefined;
    if (typeof id !== "string") return false;
    return (await db().organization.count({ where: { id } })) === 1;
  } catch {
    return false;
  }
}
