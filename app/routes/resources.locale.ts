import { data, redirect } from "react-router";
import { isLanguage } from "~/i18n/config";
import { localeCookie } from "~/i18n/i18n.server";
import { csrfMiddleware } from "~/lib/csrf.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/resources.locale";

export const middleware: Route.MiddlewareFunction[] = [csrfMiddleware];

/** Stores the chosen interface language in the `lng` cookie and goes back to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lng = form.get("lng");
  if (!isLanguage(lng)) return data({ ok: false, error: "unsupported language" }, { status: 400 });
  return redirect(safeRedirect(form.get("redirectTo")), {
    headers: { "Set-Cookie": await localeCookie.serialize(lng) },
  });
}
