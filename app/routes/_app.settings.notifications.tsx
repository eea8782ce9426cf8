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
import { TelegramSettings } from "~/features/alerts/telegram-settings";
import { PREFERENCES_SAVED, savePreferences } from "~/features/settings/preferences.server";
import { NOTIFY, notificationsSchema } from "~/features/settings/schemas";
import { SettingsSection } from "~/features/settings/settings-section";
import { usePreferenceForm } from "~/features/settings/use-preference-form";
import { useTranslation } from "~/i18n/use-translation";
import { formFailure, parseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PageErrorBoundary } from "~/shell/error-page";
import { SubmitButton } from "~/ui/button";
import { RadioGroupField, SwitchField } from "~/ui/field";
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
  const form = await request.formData();
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

const EMAILS = ["communicationEmails", "marketingEmails", "socialEmails"] as const;

export default function NotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("settings");
  const { fetcher, key, errors, saving } = usePreferenceForm("notifications");
  const telegram = actionData as { telegramLink?: string; telegramError?: string } | undefined;
  return (
    <div className="flex flex-col gap-8">
      <title>{`${t("notifications.title")} · Kuzatuv`}</title>
      <fetcher.Form method="post" preventScrollReset key={key} className="flex flex-col gap-8">
        <SettingsSection title={t("notifications.notifyTitle")} description={t("notifications.notifyDescription")}>
          <RadioGroupField
            name="notify"
            legend={t("notifications.notifyLegend")}
            value={loaderData.notify}
            error={errors.field("notify")}
            options={NOTIFY.map((value) => ({
              value,
              label: t(`notifications.notify.${value}`),
              description: t(`notifications.notify.${value}Description`),
            }))}
          />
        </SettingsSection>
        <SettingsSection title={t("notifications.emailsTitle")} description={t("notifications.emailsDescription")}>
          <div className="flex flex-col gap-3">
            {EMAILS.map((name) => (
              <SwitchField
                key={name}
                name={name}
                label={t(`notifications.${name}`)}
                hint={t(`notifications.${name}Description`)}
                defaultChecked={loaderData[name]}
              />
            ))}
            <SwitchField
              name="securityEmails"
              label={t("notifications.securityEmails")}
              hint={t("notifications.securityEmailsDescription")}
              checked
              disabled
              readOnly
            />
          </div>
        </SettingsSection>
        <SettingsSection title={t("notifications.mobileTitle")}>
          <SwitchField
            name="mobilePushDifferent"
            label={t("notifications.mobilePushDifferent")}
            hint={t("notifications.mobilePushDifferentDescription")}
            defaultChecked={loaderData.mobilePushDifferent}
          />
        </SettingsSection>
        <SubmitButton pending={saving} pendingLabel={t("saving")}>
          {t("save")}
        </SubmitButton>
      </fetcher.Form>
      <TelegramSettings
        telegram={loaderData.telegram}
        deepLink={telegram?.telegramLink}
        error={telegram?.telegramError && t(telegram.telegramError)}
        notifyNone={loaderData.notify === "none"}
        linkMinutes={loaderData.linkMinutes}
      />
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
