import { Form, useActionData, useLocation } from "react-router";
import { CurrentPasswordField, NewPasswordFields } from "~/features/auth/password-fields";
import { LANGUAGE_NAMES, LANGUAGES } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { DATE_FORMATS, type DateFormat, useFormatter } from "~/lib/format";
import { type FormResult, useIsPending } from "~/lib/forms";
import { buttonClass, SubmitButton } from "~/ui/button";
import { FormError, SelectField, SwitchField } from "~/ui/field";
import { LogOut } from "~/ui/icons";
import { BackToSection, SettingsSection } from "~/ui/settings-section";
import { useFormErrors } from "~/ui/use-form-fields";
import type { TimeZoneGroup } from "./time-zones.server";
import { usePreferenceForm } from "./use-preference-form";

export const REGIONAL_SECTION = "date-time";
export const PASSWORD_SECTION = "password";
export const SIGN_OUT_EVERYWHERE = "signOutEverywhere";

// A fixed moment for the format preview, so the server and the browser render the same text.
const SAMPLE = "2026-03-21T14:05:00Z";

export interface AccountData {
  email: string;
  mustChangePassword: boolean;
  timeZoneGroups: TimeZoneGroup[];
  timezone: string;
  /** The browser is elsewhere than the saved zone (travel, a new device): offered as a switch. */
  suggestedZone: { id: string; label: string } | null;
  use12Hour: boolean;
  dateFormat: DateFormat;
  showRelativeTime: boolean;
}

function LanguageSection() {
  const { t, i18n } = useTranslation("settings");
  const location = useLocation();
  return (
    <SettingsSection title={t("account.languageTitle")} description={t("account.languageDescription")}>
      {/* A plain post: the page comes back rendered in the new language. */}
      <form method="post" action="/resources/locale" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="redirectTo" value={location.pathname} />
        <SelectField name="lng" label={t("account.language")} defaultValue={i18n.language}>
          {LANGUAGES.map((lng) => (
            <option key={lng} value={lng} lang={lng}>
              {LANGUAGE_NAMES[lng]}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={buttonClass("outline")}>
          {t("account.applyLanguage")}
        </button>
      </form>
    </SettingsSection>
  );
}

/** The browser is in another zone than the saved one: one click switches to it. */
function ZoneSuggestion({ zone }: { zone: { id: string; label: string } }) {
  const { t } = useTranslation("settings");
  const { fetcher, saving } = usePreferenceForm("timezone");
  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-muted/50 px-3 py-2 text-sm"
    >
      <input type="hidden" name="intent" value="timezone" />
      <BackToSection />
      <input type="hidden" name="timezone" value={zone.id} />
      <p className="min-w-0 flex-1">{t("account.zoneDiffers", { zone: zone.label })}</p>
      <SubmitButton variant="outline" size="sm" pending={saving} pendingLabel={t("saving")}>
        {t("account.useZone", { zone: zone.label.split(" (")[0] })}
      </SubmitButton>
    </fetcher.Form>
  );
}

function RegionalSection({ loaderData }: { loaderData: AccountData }) {
  const { t } = useTranslation("settings");
  const { fetcher, pending, key, errors, saving } = usePreferenceForm("regional");
  // The preview follows the form: the pending values while saving, else what is stored.
  const format = useFormatter({
    timeZone: pending?.timezone ?? loaderData.timezone,
    use12Hour: pending ? pending.clock === "12" : loaderData.use12Hour,
    dateFormat: (pending?.dateFormat as DateFormat | undefined) ?? loaderData.dateFormat,
    showRelativeTime: pending ? pending.showRelativeTime === "on" : loaderData.showRelativeTime,
  });
  return (
    <SettingsSection
      id={REGIONAL_SECTION}
      title={t("account.regionalTitle")}
      description={t("account.regionalDescription")}
    >
      {loaderData.suggestedZone && <ZoneSuggestion zone={loaderData.suggestedZone} />}
      {/* Keyed by the stored zone too, so a switch from the suggestion shows in the list. */}
      <fetcher.Form
        method="post"
        preventScrollReset
        key={`${key}-${loaderData.timezone}`}
        className="flex flex-col gap-5"
      >
        <input type="hidden" name="intent" value="regional" />
        <BackToSection />
        <SelectField
          name="timezone"
          label={t("account.timezone")}
          hint={t("account.timezoneHint")}
          defaultValue={loaderData.timezone}
          error={errors.field("timezone")}
        >
          {loaderData.timeZoneGroups.map((group) => (
            <optgroup key={group.region} label={t(`account.regions.${group.region}`)}>
              {group.zones.map((zone) => (
                <option key={zone.id} value={zone.id}>
                  {zone.label}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <SelectField
          name="clock"
          label={t("account.clock")}
          defaultValue={loaderData.use12Hour ? "12" : "24"}
          error={errors.field("clock")}
        >
          <option value="24">{t("account.clock24")}</option>
          <option value="12">{t("account.clock12")}</option>
        </SelectField>
        <SelectField
          name="dateFormat"
          label={t("account.dateFormat")}
          defaultValue={loaderData.dateFormat}
          error={errors.field("dateFormat")}
        >
          {DATE_FORMATS.map((f) => (
            <option key={f} value={f}>
              {t(`account.dateFormats.${f}`)}
            </option>
          ))}
        </SelectField>
        <SwitchField
          name="showRelativeTime"
          label={t("account.relativeTime")}
          hint={t("account.relativeTimeDescription")}
          defaultChecked={loaderData.showRelativeTime}
        />
        <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="format-preview">
          <span className="text-muted-foreground">{t("account.preview")}: </span>
          <output>{format.dateTime(SAMPLE)}</output>
        </p>
        <SubmitButton pending={saving} pendingLabel={t("saving")}>
          {t("save")}
        </SubmitButton>
      </fetcher.Form>
    </SettingsSection>
  );
}

function PasswordSection({ email, mustChange }: { email: string; mustChange: boolean }) {
  const { t } = useTranslation("settings");
  const { fetcher, key, errors, saving } = usePreferenceForm("password");
  return (
    <SettingsSection id={PASSWORD_SECTION} title={t("password.title")} description={t("password.description")}>
      <fetcher.Form method="post" preventScrollReset key={key} className="flex max-w-md flex-col gap-4">
        {mustChange && (
          <p role="status" className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
            {t("password.mustChange")}
          </p>
        )}
        <input type="hidden" name="intent" value="password" />
        <BackToSection />
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <CurrentPasswordField name="currentPassword" label={t("password.current")} errors={errors} />
        <NewPasswordFields
          name="newPassword"
          label={t("password.new")}
          confirmLabel={t("password.confirm")}
          errors={errors}
        />
        <SubmitButton pending={saving} pendingLabel={t("saving")}>
          {t("password.submit")}
        </SubmitButton>
      </fetcher.Form>
    </SettingsSection>
  );
}

function SignOutEverywhereSection() {
  const { t } = useTranslation("settings");
  const actionData = useActionData<FormResult>();
  const errors = useFormErrors(actionData?.values?.intent === SIGN_OUT_EVERYWHERE ? actionData : undefined);
  const pending = useIsPending(SIGN_OUT_EVERYWHERE);
  return (
    <SettingsSection title={t("signOutEverywhere.title")} description={t("signOutEverywhere.description")}>
      <Form method="post" className="flex flex-col items-start gap-3">
        <FormError>{errors.form}</FormError>
        <input type="hidden" name="intent" value={SIGN_OUT_EVERYWHERE} />
        <SubmitButton variant="outline" pending={pending} pendingLabel={t("signOutEverywhere.pending")}>
          <LogOut aria-hidden="true" />
          {t("signOutEverywhere.submit")}
        </SubmitButton>
      </Form>
    </SettingsSection>
  );
}

/** Settings → Account: language, date and time, password, and signing out everywhere. */
export function AccountPage({ loaderData }: { loaderData: AccountData }) {
  const { t } = useTranslation("settings");
  return (
    <div className="flex flex-col gap-8">
      <title>{`${t("account.title")} · Kuzatuv`}</title>
      <p className="text-sm text-muted-foreground">
        {t("account.signedInWith")} <span className="font-medium text-foreground">{loaderData.email}</span>
      </p>
      <LanguageSection />
      <RegionalSection loaderData={loaderData} />
      <PasswordSection email={loaderData.email} mustChange={loaderData.mustChangePassword} />
      <SignOutEverywhereSection />
    </div>
  );
}
