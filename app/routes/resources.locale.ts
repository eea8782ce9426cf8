import { data, redirect } from "react-router";
import { servicesOf, sessionContext } from "~/core/context.server";
import { updatePreferences } from "~/features/settings/preferences.server";
import { isLanguage } from "~/i18n/config";
import { commitLocale } from "~/i18n/locale-cookie.server";
import { readForm } from "~/lib/form-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/resources.locale";

/**
 * Stores the chosen interface language in the `lng` cookie (and, signed in, in the user's
 * preferences) and goes back to the page, which the server renders in the new language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const lng = form.get("lng");
  if (!isLanguage(lng)) return data({ ok: false, error: "unsupported language" }, { status: 400 });
  const { user } = context.get(sessionContext);
  const services = servicesOf(context);
  if (user) await updatePreferences(services, user.id, { language: lng });
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": await commitLocale(services.env, lng) },
  });
}
