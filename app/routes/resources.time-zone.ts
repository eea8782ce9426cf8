import { data, redirect } from "react-router";
import { requireReader, servicesOf } from "~/core/context.server";
import { updatePreferences } from "~/features/settings/preferences.server";
import { isTimeZone, keptZoneCookie } from "~/features/settings/time-zones.server";
import { readForm } from "~/lib/form-body.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/resources.time-zone";

/**
 * The shell's zone notice (a plain form, JavaScript or not): `use` stores the browser's zone as the reader's;
 * `keep` leaves the saved one and remembers, for this browser, not to offer that zone again. Then back.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const reader = requireReader(context);
  const form = await readForm(request);
  const zone = form.get("zone");
  const intent = form.get("intent");
  if (!isTimeZone(zone) || (intent !== "use" && intent !== "keep")) {
    return data({ ok: false, error: "a known zone and intent use or keep" }, { status: 400 });
  }
  const back = safeRedirect(form.get("redirectTo"));
  if (intent === "use") {
    await updatePreferences(servicesOf(context), reader.id, { timezone: zone });
    return redirect(back);
  }
  return redirect(back, { headers: { "Set-Cookie": keptZoneCookie(zone) } });
}
