import { describe, expect, it } from "vitest";
import { createStaff, signInWithPassword } from "@/scripts/test/dashboard-session";
import { randomIp } from "@/scripts/test/helpers";

/**
 * Sign-in limits after the issue "eleven wrong passwords for an e-mail, from anywhere, lock the
 * account for ~15 minutes even with the right password": a stranger who does not know the password
 * cannot stop a staff member from signing in; guessing stays slow (lib/auth/sign-in-limit.ts).
 *
 * Why it is slow (65 s in a run of `npm test` on a 2-core machine, 2026-12-01): the slow-down is what it tests. Each wrong password for an
 * e-mail past the free ones makes its next sign-in wait a second more (up to 5 s), and the file
 * makes over 50 sign-ins through the whole next-auth flow.
 */
// each attempt costs the server a scrypt hash of 128 MiB (lib/crypto/password.ts), ~1 s on a quiet
// machine and over 3 s at CI's load: thirty of them ran out of 90 s there. A limit for a hung test
describe("sign-in limits (OWASP: slow guessing down, never lock the owner out)", { timeout: 300_000 }, () => {
  it("twelve wrong passwords from twelve addresses do not stop the right password from a clean address", async () => {
    const staff = await createStaff("agent");
    for (let i = 0; i < 12; i++) {
      const wrong = await signInWithPassword(staff.email, `wrong-${i}`);
      expect(wrong.error).toBe("CredentialsSignin");
    }
    const right = await signInWithPassword(staff.email, staff.password);
    expect(right.error).toBeNull();
    expect(right.cookie).toMatch(/^next-auth\.session-token=/);
  });

  it("ten failures from one address lock that address for that account only", async () => {
    const staff = await createStaff("agent");
    const attacker = randomIp();
    for (let i = 0; i < 10; i++) {
      expect((await signInWithPassword(staff.email, `wrong-${i}`, { ip: attacker })).error).toBe(
        "CredentialsSignin",
      );
    }
    // the pair is refused, even with the right password
    expect((await signInWithPassword(staff.email, staff.password, { ip: attacker })).error).toBe(
      "TooManyAttempts",
    );
    // the owner elsewhere signs in
    const owner = await signInWithPassword(staff.email, staff.password, { ip: randomIp() });
    expect(owner.error).toBeNull();
    expect(owner.cookie).not.toBeNull();
    // the attacker's address may still sign in to another account it knows the password of
    const colleague = await createStaff("agent", staff.orgId);
    expect(
      (await signInWithPassword(colleague.email, colleague.password, { ip: attacker })).error,
    ).toBeNull();
  });

  it("an address guessing across many e-mails is refused after 30 failures", async () => {
    const attacker = randomIp();
    for (let i = 0; i < 30; i++) {
      const res = await signInWithPassword(`nobody-${i}-${attacker}@test.example`, "guess", { ip: attacker });
      expect(res.error).toBe("CredentialsSignin");
    }
    const staff = await createStaff("agent");
    expect((await signInWithPassword(staff.email, "guess", { ip: attacker })).error).toBe("TooManyAttempts");
    expect((await signInWithPassword(staff.email, staff.password, { ip: randomIp() })).error).toBeNull();
  });
});
