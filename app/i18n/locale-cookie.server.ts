import { createCookie } from "react-router";
import { fromEnv } from "../lib/env.server.ts";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./config.ts";
import { negotiateLanguage } from "./negotiate.ts";

/** The chosen interface language, for visitors and as the signed-in user's copy of their preference. */
export const localeCookie = fromEnv((env) =>
  createCookie("lng", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    maxAge: 60 * 60 * 24 * 365,
    secure: env.isProduction,
  }),
);

/** The language without a signed-in user's preference: the `lng` cookie, then Accept-Language, then English. */
export async function detectLanguage(request: Request): Promise<Language> {
  const cookie = await localeCookie().parse(request.headers.get("Cookie"));
  if (isLanguage(cookie)) return cookie;
  return negotiateLanguage(request.headers.get("Accept-Language")) ?? DEFAULT_LANGUAGE;
}
