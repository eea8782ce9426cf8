import { createCookie } from "react-router";
import type { Env } from "~/lib/env.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./config.ts";
import { negotiateLanguage } from "./negotiate.ts";

/** The chosen interface language, for visitors and as the signed-in user's copy of their preference. */
const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/** The `lng` cookie's value as sent, if any. */
export async function localeInCookie(request: Request): Promise<unknown> {
  return localeCookie.parse(request.headers.get("Cookie"));
}

/** The Set-Cookie header that stores a language choice (secure in production). */
export function commitLocale({ isProduction }: Env, language: Language): Promise<string> {
  return localeCookie.serialize(language, { secure: isProduction });
}

/** The language without a signed-in user's preference: the `lng` cookie, then Accept-Language, then English. */
export async function detectLanguage(request: Request): Promise<Language> {
  const cookie = await localeInCookie(request);
  if (isLanguage(cookie)) return cookie;
  return negotiateLanguage(request.headers.get("Accept-Language")) ?? DEFAULT_LANGUAGE;
}
