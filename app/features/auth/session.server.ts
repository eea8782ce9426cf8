import { createCookieSessionStorage } from "react-router";
import { fromEnv } from "../../lib/env.server.ts";
import type { AuthUser } from "./auth-client.server";

interface SessionData {
  token: string;
  user: AuthUser;
  /** When the token was last confirmed by the auth service (ms since epoch). */
  validatedAt: number;
}

/** The browser only ever holds this signed, httpOnly cookie; the token stays inside it, server-side readable. */
export const sessionStorage = fromEnv((env) =>
  createCookieSessionStorage<SessionData>({
    cookie: {
      name: "__session",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: env.isProduction,
      secrets: [env.sessionSecret],
      maxAge: 60 * 60 * 24 * 30,
    },
  }),
);

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** The Set-Cookie header of a new session for a freshly signed-in user. */
export async function startSession(request: Request, token: string, user: AuthUser): Promise<string> {
  const session = await getSession(request);
  session.set("token", token);
  session.set("user", user);
  session.set("validatedAt", Date.now());
  return sessionStorage().commitSession(session);
}
