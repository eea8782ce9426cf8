import { data } from "react-router";
import { preferencesContext, requireReader, servicesOf } from "~/core/context.server";
import { telegramChoicesSchema } from "~/features/alerts/schemas";
import {
  issueLinkCode,
  LINK_CODE_MINUTES,
  saveTelegramChoices,
  telegramSettings,
  unlinkTelegram,
} from "~/features/alerts/telegram-link.server";
import { NotificationsPage } from "~/features/settings/notifications-page";
import { PREFERENCES_SAVED, savePreferences } from "~/features/settings/preferences.server";
import { notificationsSchema } from "~/features/settings/schemas";
import { readForm } from "~/lib/form-body.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import type { Route } from "./+types/_app.settings.notifications";

export async function loader({ context }: Route.LoaderArgs) {
  const reader = requireReader(context);
  const p = context.get(preferencesContext);
  return {
    notify: p?.notify ?? "all",
    communicationEmails: p?.communicationEmails ?? true,
    marketingEmails: p?.marketingEmails ?? false,
    socialEmails: p?.socialEmails ?? false,
    mobilePushDifferent: p?.mobilePushDifferent ?? false,
    telegram: await telegramSettings(servicesOf(context), reader),
    linkMinutes: LINK_CODE_MINUTES,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const reader = requireReader(context);
  const services = servicesOf(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "telegram-link") {
    const issued = await issueLinkCode(services, reader);
    if ("refused" in issued) return data({ telegramError: issued.refused }, { status: 503 });
    // Not a redirect: the one-time link is in this answer only.
    return { telegramLink: issued.url };
  }
  if (intent === "telegram-unlink") {
    await unlinkTelegram(services, reader.id);
    return redirectWithToast(services.env, url.pathname, { type: "success", key: "settings:telegram.unlinked" });
  }
  if (intent === "telegram-choices") {
    const submission = parseForm(form, telegramChoicesSchema);
    if (!submission.success) return formFailure(submission.result);
    await saveTelegramChoices(services, reader, submission.data);
    return redirectWithToast(services.env, url.pathname, { type: "success", key: "settings:telegram.saved" });
  }
  const submission = parseForm(form, notificationsSchema);
  if (!submission.success) return formFailure(submission.result);
  const failed = await savePreferences(services, reader.id, submission.data);
  return failed ? formFailure(failed, 500) : redirectWithToast(services.env, url.pathname, PREFERENCES_SAVED);
}

export default function NotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <NotificationsPage data={loaderData} result={actionData} />;
}

export const ErrorBoundary = PageErrorBoundary;
