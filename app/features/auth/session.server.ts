import { eq, sql } from "drizzle-orm";
import { createCookieSessionStorage } from "react-router";
import type { Services } from "~/core/context.server";
import { sessionVersions } from "~/db/schema";
import { signedCookie } from "~/lib/cookies.server";
import { type Env, perEnv } from "~/lib/env.server";
import type { AuthUser } from "./auth-client.server";

interface SessionData {
  token: string;
  user: AuthUser;
  /** When the token was last confirmed by the auth service (ms since epoch). */
  validatedAt: number;
  /** The user's session version at that confirmation (see markSessionsStale). */
  version: number;
}

/** The browser only ever holds this signed, httpOnly cookie; the token stays inside it, server-side readable. */
export const sessionStorage = perEnv((env) =>
  createCookieSessionStorage<SessionData>({
    cookie: { name: "__session", ...signedCookie(env, 60 * 60 * 24 * 30) },
  }),
);

export function getSession(env: Env, request: Request) {
  return sessionStorage(env).getSession(request.headers.get("Cookie"));
}

/** The Set-Cookie header of a new session for a freshly signed-in user. */
export async function startSession(services: Services, token: string, user: AuthUser): Promise<string> {
  const session = await sessionStorage(services.env).getSession();
  session.set("token", token);
  session.set("user", user);
  session.set("validatedAt", Date.now());
  session.set("version", await sessionVersion(services, user.id));
  return sessionStorage(services.env).commitSession(session);
}

/** The user's session version: 0 until their sessions are first marked stale. */
export function sessionVersion({ db, kept }: Services, userId: string): Promise<number> {
  return kept.read(`session-version:${userId}`, async () => {
    const [row] = await db
      .select({ version: sessionVersions.version })
      .from(sessionVersions)
      .where(eq(sessionVersions.userId, userId));
    return row?.version ?? 0;
  });
}

/**
 * Every session of the user, on every device and instance, re-checks its token with the auth
 * service on its next request: revoked ones end, the others pick up the user's new roles and
 * projects. Call it after the auth service has made the change (sign-out, password change, an
 * admin's change to the user), never before, or a session could re-check too early (ADR 015).
 */
export async function markSessionsStale({ db }: Services, userId: string): Promise<void> {
  await db
    .insert(sessionVersions)
    .values({ userId, version: 1 })
    .onConflictDoUpdate({
      target: sessionVersions.userId,
      set: { version: sql`${sessionVersions.version} + 1`, updatedAt: sql`now()` },
    });
}
