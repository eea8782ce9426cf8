import { useRef } from "react";
import { Form, Link } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, useFocusFirstInvalid, useIsPending } from "~/lib/forms";
import { buttonClass, SubmitButton } from "~/ui/button";
import { ErrorSummary, InputField, SelectField } from "~/ui/field";
import { useFormFields } from "~/ui/use-form-fields";
import { POLL_INTERVALS, SOURCE_ADDRESS, SOURCE_TYPES, type SourceType } from "./schemas";
import { intervalLabel, SourceTypeLabel } from "./source-parts";

export interface SourceFormDefaults {
  name: string;
  url: string;
  handle: string;
  language: string;
  pollIntervalMinutes: number;
}

const URL_PLACEHOLDERS: Partial<Record<SourceType, string>> = {
  rss: "https://example.com/rss.xml",
  atom: "https://example.com/atom.xml",
  website: "https://example.com/sitemap.xml",
};

/**
 * Add (with `create`, the type is sent along) or edit a source. The fields follow the type: a feed or
 * sitemap URL, a Telegram handle, or no address at all; polled types choose an interval. Whatever was
 * typed comes back with the errors, and the first invalid field takes the focus.
 */
export function SourceForm({
  type,
  defaults,
  result,
  create,
  submitLabel,
  cancelTo,
}: {
  type: SourceType;
  defaults: SourceFormDefaults;
  result: FormResult | undefined;
  create: boolean;
  submitLabel: string;
  cancelTo: string;
}) {
  const { t } = useTranslation("sources");
  const pending = useIsPending();
  const form = useRef<HTMLFormElement>(null);
  const address = SOURCE_ADDRESS[type];
  const order = ["name", address === "url" ? "url" : "handle", "language", "pollIntervalMinutes"];
  const { errors, focus, field, value } = useFormFields(result, order, defaults);
  useFocusFirstInvalid(form, result);
  const interval = Number(value("pollIntervalMinutes"));

  return (
    <Form ref={form} method="post" className="flex max-w-2xl flex-col gap-6" noValidate>
      {result && <ErrorSummary>{t("errors.summary")}</ErrorSummary>}
      {create && <input type="hidden" name="type" value={type} />}
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">{t("form.type")}:</span>
        <SourceTypeLabel type={type} />
        {create && (
          <Link to="/sources/new" className="text-primary underline-offset-4 hover:underline">
            {t("new.changeType")}
          </Link>
        )}
      </p>
      <InputField {...field("name")} label={t("form.name")} required maxLength={120} />
      {address === "url" && (
        <InputField
          {...field("url")}
          type="url"
          inputMode="url"
          label={t(`form.url.${type}`)}
          hint={t("form.urlHint")}
          placeholder={URL_PLACEHOLDERS[type]}
          required
          maxLength={2000}
        />
      )}
      {address === "handle" && (
        <InputField
          {...field("handle")}
          label={t("form.handle")}
          hint={t("form.handleHint")}
          placeholder="@channel"
          required
          autoCapitalize="none"
          spellCheck={false}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...field("language")} label={t("form.language")} hint={t("form.languageHint")}>
          <option value="">{t("form.languageAuto")}</option>
          {LANGUAGES.map((lng) => (
            <option key={lng} value={lng} lang={lng}>
              {LANGUAGE_NAMES[lng]}
            </option>
          ))}
        </SelectField>
        {address !== null && (
          <SelectField
            name="pollIntervalMinutes"
            autoFocus={focus("pollIntervalMinutes")}
            label={t("form.interval")}
            defaultValue={String(interval)}
            error={errors.field("pollIntervalMinutes")}
          >
            {/* A stored interval that is not a preset stays choosable. */}
            {[...new Set([...POLL_INTERVALS, interval])]
              .filter((m) => Number.isInteger(m) && m >= 5 && m <= 1440)
              .sort((a, b) => a - b)
              .map((minutes) => (
                <option key={minutes} value={minutes}>
                  {intervalLabel(t, minutes)}
                </option>
              ))}
          </SelectField>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending} pendingLabel={t("form.saving")}>
          {submitLabel}
        </SubmitButton>
        <Link to={cancelTo} className={buttonClass("outline")}>
          {t("forms:cancel")}
        </Link>
      </div>
    </Form>
  );
}

/** The first step of adding a source: what kind it is. Links, so it works without JavaScript. */
export function SourceTypePicker() {
  const { t } = useTranslation("sources");
  return (
    <nav aria-label={t("new.chooseType")}>
      <ul className="grid max-w-3xl gap-3 sm:grid-cols-2">
        {SOURCE_TYPES.map((type) => (
          <li key={type}>
            <Link
              to={`?type=${type}`}
              className="flex h-full flex-col gap-1 rounded-lg border border-border p-4 hover:border-primary hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <span className="font-medium">
                <SourceTypeLabel type={type} />
              </span>
              <span className="text-sm text-muted-foreground">{t(`typeDescription.${type}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
