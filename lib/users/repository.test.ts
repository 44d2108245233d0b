import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  deleteUserRow,
  findUser,
  listStaff,
  lockOwnerIds,
  setUserPasswordHash,
  setUserRole,
  staffNames,
} from "@/lib/users/repository";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * The users repository's promise (docs/architecture.md "Repositories"): given another
 * organization, a user id of this one finds, changes and deletes nothing. Real PostgreSQL.
 */
const mine = { org: "", owner: "", agent: "" };
let other = "";

const orgs = twoOrganizations("Users");

beforeAll(async () => {
  mine.org = orgs.a;
  other = orgs.b;
  const user = (role: "owner" | "agent") =>
    db().user.create({
      data: {
        organizationId: orgs.a,
        email: `${randomBytes(6).toString("hex")}@example.com`,
        passwordHash: "before",
        role,
      },
    });
  mine.owner = (await user("owner")).id;
  mine.agent = (await user("agent")).id;
});

describe("users: another organization's id is nobody's", () => {
  it("changes, deletes and locks nothing, finds nothing", async () => {
    const before = await db().user.findMany({ where: { organizationId: mine.org }, orderBy: { id: "asc" } });
    expect(await setUserPasswordHash(other, mine.agent, "after")).toBe(false);
    await db().$transaction(async (tx) => {
      expect(await setUserRole(other, mine.agent, "owner", tx)).toBeNull();
      expect(await deleteUserRow(other, mine.owner, tx)).toBe(false);
      expect(await lockOwnerIds(other, tx)).toEqual([]);
      expect(await findUser(other, mine.owner, tx)).toBeNull();
    });
    expect(await listStaff(other)).toEqual([]);
    expect(await staffNames(other, [mine.owner, mine.agent])).toEqual(new Map());
    expect(await db().user.findMany({ where: { organizationId: mine.org }, orderBy: { id: "asc" } })).toEqual(
      before,
    );
  });

  it("the owner's calls do what they say (the checks above are not vacuous)", async () => {
    expect(await staffNames(mine.org, [mine.owner])).toHaveProperty("size", 1);
    expect(await listStaff(mine.org)).toHaveLength(2);
    expect(await setUserPasswordHash(mine.org, mine.agent, "after")).toBe(true);
    await db().$transaction(async (tx) => {
      expect(await lockOwnerIds(mine.org, tx)).toEqual([mine.owner]);
      expect((await findUser(mine.org, mine.owner, tx))?.id).toBe(mine.owner);
      expect((await setUserRole(mine.org, mine.agent, "admin", tx))?.role).toBe("admin");
      expect(await deleteUserRow(mine.org, mine.agent, tx)).toBe(true);
    });
    expect(await db().user.count({ where: { organizationId: mine.org } })).toBe(1);
  });
});
