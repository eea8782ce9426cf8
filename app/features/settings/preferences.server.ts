import { eq, sql } from "drizzle-orm";
import type { MiddlewareFunction } from "react-router";
import { type Preferences, preferencesContext, type Services, servicesOf, sessionContext } from "~/core/context.server";
import { appMeta, userPreferences } from "~/db/schema";
import type { Language } from "~/i18n/config";
import { commitLocale, detectLanguage, localeInCookie } from "~/i18n/locale-cookie.server";
import type { Env } from "~/lib/env.server";
import type { FormResult } from "~/lib/forms";
import type { ThemeChoice } from "~/lib/theme";
import { commitTheme, readTheme } from "~/lib/theme.server";
import { startingZoneKey } from "./starting-zone";
import { browserTimeZone } from "./time-zones.server";

export type PreferencesPatch = Partial<Omit<Preferences, "id" | "userId" | "createdAt" | "updatedAt">>;

export interface FirstUse {
  language: Language;
  /** Null when the browser has not told us yet: "not chosen", taken from the browser on a later page. */
  timezone: string | null;
  theme: ThemeChoice;
}

/** The user's preferences; the row is created on first use from what the browser has told us. */
export async function loadPreferences(
  { db, kept }: Services,
  userId: string,
  firstUse: () => Promise<FirstUse>,
): Promise<Preferences> {
  const [existing] = await kept.read(`preferences:${userId}`, () =>
    db.select().from(userPreferences).where(eq(userPreferences.userId, userId)),
  );
  if (existing) return existing;
  const initial = await firstUse();
  const [starting] = await db
    .select({ zone: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, startingZoneKey(userId)));
  await db
    .insert(userPreferences)
    .values({
      userId,
      language: initial.language,
      locale: initial.language,
      timezone: starting?.zone ?? initial.timezone,
      theme: initial.theme,
    })
    .onConflictDoNothing({ target: userPreferences.userId });
  const [created] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return created as Preferences;
}

export async function updatePreferences(
  { db }: Services,
  userId: string,
  patch: PreferencesPatch,
): Promise<Preferences> {
  const next = patch.language ? { ...patch, locale: patch.language } : patch;
  const [row] = await db
    .update(userPreferences)
    .set({ ...next, updatedAt: sql`now()` })
    .where(eq(userPreferences.userId, userId))
    .returning();
  if (!row) throw new Error(`No preferences for user ${userId}`);
  return row;
}

/**
 * A settings form's values stored: null, or the form's error when the write failed (the page then rolls
 * back to what is stored).
 */
export async function savePreferences(
  services: Services,
  userId: string,
  patch: PreferencesPatch,
): Promise<FormResult | null> {
  try {
    await updatePreferences(services, userId, patch);
    return null;
  } catch (error) {
    services.log.error({ err: error, userId }, "could not save preferences");
    return { formError: { key: "settings:preferences.updateFailed" } };
  }
}

/** The toast of a saved settings form. */
export const PREFERENCES_SAVED = { type: "success", key: "settings:preferences.updateSuccess" } as const;

/**
 * What a new row starts with: the language being shown, the browser's zone (the `tz` cookie, set by
 * root.tsx's script and by the sign-in and sign-up actions from their forms), the current theme.
 */
async function firstUseFrom(env: Env, request: Request): Promise<FirstUse> {
  return {
    language: await detectLanguage(request),
    timezone: browserTimeZone(request.headers.get("Cookie")),
    theme: (await readTheme(env, request)).choice,
  };
}

/**
 * A reader with no zone chosen takes the browser's (the `tz` cookie) as soon as a page brings it; a chosen
 * zone is never replaced here (a differing browser zone is only offered: see zoneNotice).
 */
async function adoptBrowserZone(services: Services, preferences: Preferences, request: Request) {
  if (preferences.timezone !== null) return preferences;
  const zone = browserTimeZone(request.headers.get("Cookie"));
  if (!zone) return preferences;
  try {
    return await updatePreferences(services, preferences.userId, { timezone: zone });
  } catch (error) {
    services.log.warn({ err: error, userId: preferences.userId }, "could not store the browser's time zone");
    return { ...preferences, timezone: zone };
  }
}

/**
 * After the session: a signed-in user's preferences for this request (created on first use, and given the
 * browser's zone while none is chosen). On the way out the language and theme cookies are brought in line with them, so a device that last saw
 * other values (or signed-out visits) never shows a stale choice.
 */
export const preferencesMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { user } = context.get(sessionContext);
  const services = servicesOf(context);
  const { env } = services;
  const loaded = user ? await loadPreferences(services, user.id, () => firstUseFrom(env, request)) : null;
  const preferences = loaded ? await adoptBrowserZone(services, loaded, request) : null;
  context.set(preferencesContext, preferences);
  const response = await next();
  if (!preferences) return response;
  const cookies = response.headers.getSetCookie().join("\n");
  if (!cookies.includes("lng=") && (await localeInCookie(request)) !== preferences.language) {
    response.headers.append("Set-Cookie", await commitLocale(env, preferences.language));
  }
  if (!cookies.includes("theme=") && (await readTheme(env, request)).choice !== preferences.theme) {
    response.headers.append("Set-Cookie", await commitTheme(env, request, preferences.theme));
  }
  return response;
};
