import type { CookieOptions } from "react-router";
import type { Env } from "./env.server.ts";

/**
 * A cookie only the server reads: signed with the session secret, httpOnly, whole site, SameSite=Lax and
 * Secure in production (docs/architecture.md, Security rules).
 */
export function signedCookie(env: Env, maxAgeSeconds: number): CookieOptions {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.isProduction,
    secrets: [env.sessionSecret],
    maxAge: maxAgeSeconds,
  };
}
