import { data, redirect } from "react-router";
import { servicesOf, sessionContext } from "~/core/context.server";
import { updatePreferences } from "~/features/settings/preferences.server";
import { readForm } from "~/lib/form-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { isThemeChoice, type ThemeChoice } from "~/lib/theme";
import { commitTheme } from "~/lib/theme.server";
import type { Route } from "./+types/resources.theme";

/** JSON from remix-themes ({ theme: "light" | "dark" | null }) or a plain form post (JS off). */
async function readChoice(request: Request): Promise<{ choice: ThemeChoice | null; redirectTo: string | null }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("form-urlencoded") || type.includes("multipart/form-data")) {
    const form = await readForm(request);
    const theme = form.get("theme");
    return { choice: isThemeChoice(theme) ? theme : null, redirectTo: safeRedirect(form.get("redirectTo")) };
  }
  const body = (await request.json().catch(() => undefined)) as { theme?: unknown } | undefined;
  const theme = body?.theme === null ? "system" : body?.theme;
  return { choice: isThemeChoice(theme) ? theme : null, redirectTo: null };
}

/** Stores the theme in its cookie and, signed in, in the user's preferences. */
export async function action({ request, context }: Route.ActionArgs) {
  const { choice, redirectTo } = await readChoice(request);
  if (!choice) return data({ ok: false, error: "theme must be light, dark or system" }, { status: 400 });
  const { user } = context.get(sessionContext);
  const services = servicesOf(context);
  if (user) await updatePreferences(services, user.id, { theme: choice });
  const headers = { "Set-Cookie": await commitTheme(services.env, request, choice) };
  if (redirectTo) return redirect(redirectTo, { headers });
  return data({ ok: true, theme: choice }, { headers });
}
