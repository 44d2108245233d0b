import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { findApiKey, insertApiKey, listApiKeyRows, setApiKeyRevokedAt } from "@/lib/keys/repository";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * The API keys repository's promise (docs/architecture.md "Repositories"): given another
 * organization, a key id of this one finds and revokes nothing. Real PostgreSQL.
 */
const mine = { org: "", key: "" };
let other = "";

const orgs = twoOrganizations("Keys");

beforeAll(async () => {
  mine.org = orgs.a;
  other = orgs.b;
  const key = await insertApiKey(orgs.a, {
    name: "mine",
    kind: "sk",
    keyHash: randomBytes(32).toString("hex"),
    last4: "abcd",
    scopes: ["contacts:read"],
  });
  mine.key = key.id;
});

describe("API keys: another organization's id is nobody's", () => {
  it("revokes nothing and finds nothing", async () => {
    const before = await db().apiKey.findUniqueOrThrow({ where: { id: mine.key } });
    expect(await setApiKeyRevokedAt(other, mine.key, new Date())).toBeNull();
    expect(await findApiKey(other, mine.key)).toBeNull();
    expect(await listApiKeyRows(other, 10)).toEqual([]);
    expect(await db().apiKey.findUniqueOrThrow({ where: { id: mine.key } })).toEqual(before);
  });

  it("the owner's calls do what they say (the checks above are not vacuous)", async () => {
    expect((await findApiKey(mine.org, mine.key))?.id).toBe(mine.key);
    expect(await listApiKeyRows(mine.org, 10)).toHaveLength(1);
    expect((await setApiKeyRevokedAt(mine.org, mine.key, new Date()))?.revokedAt).toBeInstanceOf(Date);
  });
});
