import { redirect } from "react-router";
import { preferencesContext, requireReader, servicesOf } from "~/core/context.server";
import { authCallContext } from "~/features/auth/guard.server";
import { changePassword } from "~/features/auth/password.server";
import { getSession, sessionStorage } from "~/features/auth/session.server";
import {
  type AccountData,
  AccountPage,
  PASSWORD_SECTION,
  REGIONAL_SECTION,
  SIGN_OUT_EVERYWHERE,
} from "~/features/settings/account-page";
import { PREFERENCES_SAVED, savePreferences } from "~/features/settings/preferences.server";
import { accountSchema, passwordSchema, timeZoneSchema } from "~/features/settings/schemas";
import { browserTimeZone, isTimeZone, timeZoneGroups, timeZoneLabel } from "~/features/settings/time-zones.server";
import { signOutEverywhere } from "~/features/users/users.server";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { flashToast, redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app.settings.account";

export function loader({ request, context }: Route.LoaderArgs): AccountData {
  const reader = requireReader(context);
  const preferences = context.get(preferencesContext);
  const browserZone = browserTimeZone(request.headers.get("Cookie"));
  return {
    email: reader.email,
    mustChangePassword: reader.mustChangePassword,
    timeZoneGroups: timeZoneGroups(reader.language),
    timezone: reader.timeZone,
    suggestedZone:
      browserZone && browserZone !== reader.timeZone
        ? { id: browserZone, label: timeZoneLabel(browserZone, reader.language) }
        : null,
    use12Hour: preferences?.use12Hour ?? false,
    dateFormat: preferences?.dateFormat ?? "medium",
    showRelativeTime: preferences?.showRelativeTime ?? true,
  };
}

/** Back to the page; without JavaScript (BackToSection), to the section the form was in. */
const backTo = (url: URL, form: FormData, section: string) =>
  form.has("backToSection") ? `${url.pathname}#${section}` : url.pathname;

export async function action({ request, context, url }: Route.ActionArgs) {
  const reader = requireReader(context);
  const services = servicesOf(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "password") {
    const submission = parseForm(form, passwordSchema);
    if (!submission.success) return formFailure(submission.result);
    const refused = await changePassword(services, authCallContext(context), reader.id, submission.data);
    if (refused) return formFailure(refused.result, refused.status);
    // A one-time password replaced: on to the home page at last.
    const next = reader.mustChangePassword ? "/" : backTo(url, form, PASSWORD_SECTION);
    return redirectWithToast(services.env, next, { type: "success", key: "settings:password.changed" });
  }
  if (intent === SIGN_OUT_EVERYWHERE) {
    const outcome = await signOutEverywhere(services, authCallContext(context), reader.id);
    // Marked, so only this section shows the error.
    if (!outcome.ok) return formFailure({ ...outcome.result, values: { intent: SIGN_OUT_EVERYWHERE } }, outcome.status);
    const headers = new Headers();
    headers.append(
      "Set-Cookie",
      await sessionStorage(services.env).destroySession(await getSession(services.env, request)),
    );
    headers.append(
      "Set-Cookie",
      await flashToast(services.env, { type: "success", key: "settings:signOutEverywhere.done" }),
    );
    return redirect("/sign-in", { headers });
  }
  const schema = intent === "timezone" ? timeZoneSchema(isTimeZone) : accountSchema(isTimeZone);
  const submission = parseForm(form, schema);
  if (!submission.success) return formFailure(submission.result);
  const failed = await savePreferences(services, reader.id, submission.data);
  if (failed) return formFailure(failed, 500);
  return redirectWithToast(services.env, backTo(url, form, REGIONAL_SECTION), PREFERENCES_SAVED);
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  return <AccountPage loaderData={loaderData} />;
}

export const ErrorBoundary = PageErrorBoundary;
