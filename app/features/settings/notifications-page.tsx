import { TelegramSettings, type TelegramView } from "~/features/alerts/telegram-settings";
import { useTranslation } from "~/i18n/use-translation";
import { SubmitButton } from "~/ui/button";
import { RadioGroupField, SwitchField } from "~/ui/field";
import { SettingsSection } from "~/ui/settings-section";
import { NOTIFY } from "./schemas";
import { usePreferenceForm } from "./use-preference-form";

/** What the page shows: the reader's saved choices and their Telegram link. */
export interface NotificationsData {
  notify: (typeof NOTIFY)[number];
  communicationEmails: boolean;
  marketingEmails: boolean;
  socialEmails: boolean;
  mobilePushDifferent: boolean;
  telegram: TelegramView;
  linkMinutes: number;
}

const EMAILS = ["communicationEmails", "marketingEmails", "socialEmails"] as const;

/** Settings → Notifications: what the reader hears about, by e-mail and in Telegram. */
export function NotificationsPage({
  data: loaderData,
  result: actionData,
}: {
  data: NotificationsData;
  result: unknown;
}) {
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
