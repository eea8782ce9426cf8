import { createCookieSessionStorage } from "react-router";
import { getConfig } from "../../../server/config.ts";
import type { AuthUser } from "./auth-client.server";

interface SessionData {
  token: string;
  user: AuthUser;
  /** When the token was last confirmed by the auth service (ms since epoch). */
  validatedAt: number;
}

const config = getConfig();

/** The browser only ever holds this signed, httpOnly cookie; the token stays inside it, server-side readable. */
export const sessionStorage = createCookieSessionStorage<SessionData>({
  cookie: {
    name: "__session",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction,
    secrets: [config.sessionSecret],
    maxAge: 60 * 60 * 24 * 30,
  },
});

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** The Set-Cookie header of a new session for a freshly signed-in user. */
export async function startSession(request: Request, token: string, user: AuthUser): Promise<string> {
  const session = await getSession(request);
  session.set("token", token);
  session.set("user", user);
  session.set("validatedAt", Date.now());
  return sessionStorage.commitSession(session);
}
