import "#server-only";
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { NextAuthOptions, User } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";
import { safeCallbackUrl } from "@/lib/auth/safe-callback";
import { currentSessionUser, endSessions, SessionEndedError } from "@/lib/auth/session-user";
import { claimSignInAttempt, clearSignInAttempts, recordSignInFailure } from "@/lib/auth/sign-in-limit";
import { appUrl, requireSetting } from "@/lib/config";
import { hashPassword, verifyPassword } from "@/lib/crypto/password";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { clientAddressOf } from "@/lib/web/client-address";

/** Error codes the sign-in form turns into messages (next-auth passes them as `error`). */
export const SIGN_IN_ERRORS = { rateLimited: "TooManyAttempts", unavailable: "SignInUnavailable" } as const;

const credentialsSchema = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1) });
const signedInUser = z.object({
  id: z.string(),
  organizationId: z.string(),
  role: z.enum(ROLES),
  sessionVersion: z.number().int(),
});

let dummyHash: Promise<string> | undefined;

async function authorize(credentials: unknown, headers: Record<string, string | string[] | undefined>) {
  const parsed = credentialsSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const email = parsed.data.email.toLowerCase();
  const address = clientAddressOf(headers);
  const attempt = await claimSignInAttempt(email, address).catch((err: unknown) => {
    logger.error({ err: String(err) }, "sign-in limit unavailable");
    throw new Error(SIGN_IN_ERRORS.unavailable);
  });
  if (!attempt.allowed) throw new Error(SIGN_IN_ERRORS.rateLimited);
  // an e-mail failing from many addresses is slowed down for everyone, never refused
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);

  const user = await db().user.findUnique({ where: { email } });
  // an unknown e-mail costs the same slow hash, so timing does not tell which e-mails exist
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  const valid = await verifyPassword(parsed.data.password, user?.passwordHash ?? (await dummyHash));
  if (!user || !valid) {
    await recordSignInFailure(email, address).catch(() => undefined);
    return null;
  }

  await clearSignInAttempts(email, address).catch(() => undefined);
  await db().user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
  const signedIn: User & z.infer<typeof signedInUser> = {
    id: user.id,
    email: user.email,
    name: user.name,
    organizationId: user.organizationId,
    role: user.role,
    sessionVersion: user.sessionVersion,
  };
  return signedIn;
}

/**
 * The jwt callback for every session read (getDashboardSession, next-auth's own /api/auth/session):
 * the user is read afresh, so a removed user, a changed role or password, or a sign-out elsewhere
 * ends the session at once (SessionEndedError: next-auth answers no session and clears the cookie).
 * When the database cannot be read the token is marked `unavailable`, so that an outage answers
 * 503 rather than "signed out".
 */
async function refreshToken(token: JWT): Promise<JWT> {
  const { unavailable: _stale, ...claims } = token;
  let current: Awaited<ReturnType<typeof currentSessionUser>>;
  try {
    current = await currentSessionUser(claims);
  } catch (error) {
    logger.error({ err: String(error) }, "session check: database unavailable");
    return { ...claims, unavailable: true };
  }
  if (!current) throw new SessionEndedError();
  return {
    ...claims,
    name: current.name,
    email: current.email,
    role: current.role,
    organizationName: current.organizationName,
  };
}

/**
 * next-auth for the staff dashboard: e-mail and password, a JWT session cookie (HttpOnly,
 * SameSite=Lax) naming the user, its organization and the user's session version. Every read of
 * the session re-reads the user (refreshToken), so a removed user, a role or password change and
 * a sign-out (which moves the session version on: events.signOut) end every session at once.
 */
export function authOptions(): NextAuthOptions {
  // next-auth builds its redirects and decides on Secure cookies from NEXTAUTH_URL
  process.env.NEXTAUTH_URL ??= appUrl();
  return {
    secret: requireSetting("AUTH_SECRET"),
    session: { strategy: "jwt", maxAge: 12 * 60 * 60, updateAge: 60 * 60 },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "E-mail and password",
        credentials: {
          email: { label: "E-mail", type: "email" },
          password: { label: "Password", type: "password" },
        },
        authorize: (credentials, req) => authorize(credentials, req.headers ?? {}),
      }),
    ],
    callbacks: {
      // next-auth's own redirects (sign-in, sign-out): only to this origin, never a raw control character
      redirect({ url, baseUrl }) {
        return `${baseUrl.replace(/\/$/, "")}${safeCallbackUrl(url, "/dashboard", new URL(baseUrl).origin)}`;
      },
      jwt({ token, user }) {
        const parsed = signedInUser.safeParse(user);
        if (!parsed.success) return refreshToken(token);
        const { organizationId, role, sessionVersion } = parsed.data;
        return { ...token, organizationId, role, sv: sessionVersion };
      },
      session({ session, token }) {
        return Object.assign(session, {
          user: {
            id: token.sub,
            name: token.name,
            email: token.email,
            organizationId: token.organizationId,
            organizationName: token.organizationName,
            role: token.role,
            unavailable: token.unavailable === true,
          },
        });
      },
    },
    events: {
      signOut: ({ token }) => endSessions(token),
    },
    logger: {
      error(code, metadata) {
        if (metadata instanceof SessionEndedError) return logger.debug({ code }, metadata.message);
        const err = metadata instanceof Error ? metadata.message : String(metadata);
        logger.error({ code, err }, "next-auth error");
      },
      warn(code) {
        logger.warn({ code }, "next-auth warning");
      },
      debug() {},
    },
  };
}
