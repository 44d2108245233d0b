import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  createStaff,
  dashboardCall,
  dashboardPage,
  type StaffMember,
  signInWithPassword,
  signOut,
} from "@/scripts/test/dashboard-session";
import { BASE_URL, runCli } from "@/scripts/test/helpers";

/**
 * Issue 17.2 (OWASP ASVS 3.3.1): the session was a stateless JWT for 12 hours, so after sign-out
 * a copy of the cookie still opened every page and JSON route. Now sign-out, a password change, a
 * role change and the user's removal end every session of that user at once: the cookie carries
 * the user's session version, checked where the session is read.
 */
async function signedIn(staff: StaffMember): Promise<string> {
  const { cookie, error } = await signInWithPassword(staff.email, staff.password);
  if (!cookie) throw new Error(`sign-in failed: ${error}`);
  return cookie;
}

async function expectOpen(cookie: string, staff: StaffMember): Promise<void> {
  const page = await dashboardPage(cookie, "/dashboard/contacts");
  expect(page.status).toBe(200);
  expect(page.html).toContain(staff.email);
  const json = await dashboardCall(cookie, "/api/dashboard/contacts");
  expect(json.status).toBe(200);
}

async function expectEnded(cookie: string, staff: StaffMember): Promise<void> {
  const page = await dashboardPage(cookie, "/dashboard/contacts");
  expect(page.html).not.toContain(staff.email);
  expect(page.html).toContain("Redirecting to sign-in");
  const json = await dashboardCall(cookie, "/api/dashboard/contacts");
  expect(json.status).toBe(401);
  expect(json.body.error?.code).toBe("AUTH_SESSION_REQUIRED");
  const session = await fetch(`${BASE_URL}/api/auth/session`, { headers: { cookie } });
  expect(await session.json()).toEqual({});
}

async function cli(args: string[]): Promise<void> {
  const res = await runCli(args);
  expect(res.stderr).toBe("");
  expect(res.code).toBe(0);
}

async function userId(email: string): Promise<string> {
  return (await db().user.findUniqueOrThrow({ where: { email } })).id;
}

describe("ending a staff member's sessions", { timeout: 90_000 }, () => {
  it("sign-out ends every session of the user: the old cookie and one from another device", async () => {
    const staff = await createStaff("agent");
    const laptop = await signedIn(staff);
    const phone = await signedIn(staff);
    await expectOpen(laptop, staff);
    await expectOpen(phone, staff);

    expect(await signOut(laptop)).toBe(200);

    await expectEnded(laptop, staff);
    await expectEnded(phone, staff);
    // signing in again works, and the new session is not ended by the old cookie signing out again
    const fresh = await signedIn(staff);
    await signOut(laptop);
    await expectOpen(fresh, staff);
    // nor does a colleague's sign-out touch it
    const colleague = await createStaff("agent", staff.orgId);
    await signOut(await signedIn(colleague));
    await expectOpen(fresh, staff);
  });

  it("a password change ends the sessions; the new password signs in", async () => {
    const staff = await createStaff("admin");
    const cookie = await signedIn(staff);
    await expectOpen(cookie, staff);
    const password = "a-new-password-0123";
    await cli(["user", "set-password", "--id", await userId(staff.email), "--password", password]);
    await expectEnded(cookie, staff);
    expect((await signInWithPassword(staff.email, staff.password)).error).toBe("CredentialsSignin");
    await expectOpen(await signedIn({ ...staff, password }), staff);
  });

  it("a role change ends the sessions", async () => {
    const staff = await createStaff("admin");
    const cookie = await signedIn(staff);
    await expectOpen(cookie, staff);
    await cli(["user", "set-role", "--id", await userId(staff.email), "--role", "agent"]);
    await expectEnded(cookie, staff);
    const again = await signedIn(staff);
    expect((await dashboardCall(again, "/api/dashboard/keys")).status).toBe(403);
  });

  it("removing the user ends the sessions", async () => {
    const staff = await createStaff("owner");
    const keep = await createStaff("owner", staff.orgId);
    const cookie = await signedIn(staff);
    await expectOpen(cookie, staff);
    await cli(["user", "remove", "--id", await userId(staff.email)]);
    await expectEnded(cookie, staff);
    expect(await db().user.findUnique({ where: { email: staff.email } })).toBeNull();
    expect(await db().user.findUnique({ where: { email: keep.email } })).not.toBeNull();
  });

  it("a change made straight in the database (any other path) ends the sessions too", async () => {
    const staff = await createStaff("agent");
    const cookie = await signedIn(staff);
    await expectOpen(cookie, staff);
    await db().$executeRaw`UPDATE users SET role = 'admin' WHERE email = ${staff.email}`;
    await expectEnded(cookie, staff);
  });

  it("the organization's only owner can be neither removed nor demoted; its sessions stay", async () => {
    const owner = await createStaff("owner");
    const cookie = await signedIn(owner);
    const id = await userId(owner.email);
    for (const args of [
      ["user", "remove", "--id", id],
      ["user", "set-role", "--id", id, "--role", "admin"],
    ]) {
      const res = await runCli(args);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/only owner/);
    }
    expect((await db().user.findUniqueOrThrow({ where: { id } })).role).toBe("owner");
    await expectOpen(cookie, owner);
  });
});
