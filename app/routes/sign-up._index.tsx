import { redirect } from "react-router";
import { servicesOf } from "~/core/context.server";
import { AuthForm } from "~/features/auth/auth-form";
import { enter } from "~/features/auth/forms.server";
import { HONEYPOT_FIELD, signUpSchema } from "~/features/auth/schemas";
import { isTimeZone, timeZoneCookie } from "~/features/settings/time-zones.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { requestInfoContext } from "~/lib/request-info";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/sign-up._index";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const submission = parseForm(form, signUpSchema);
  const { clientIp } = context.get(requestInfoContext);
  const entry = await enter(servicesOf(context), "/signup", {
    submission,
    honeypot: form.get(HONEYPOT_FIELD),
    clientIp,
  });
  if (!entry.ok) return formFailure(entry.result, entry.status);
  const headers = new Headers({ "Set-Cookie": entry.sessionCookie });
  // The browser's zone from the form (see AuthForm): a new account's preferences start from the `tz` cookie.
  const zone = form.get("timezone");
  if (isTimeZone(zone)) headers.append("Set-Cookie", timeZoneCookie(zone));
  return redirect(safeRedirect(form.get("redirect")), { headers });
}

export default function SignUpPage({ actionData }: Route.ComponentProps) {
  return <AuthForm mode="signUp" result={actionData} />;
}
