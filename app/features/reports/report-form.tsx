import { useRef, useState } from "react";
import { Form, Link } from "react-router";
import { MAX_TOP_MENTIONS, REPORT_SECTIONS } from "~/db/report-model";
import { LANGUAGE_NAMES, LANGUAGES } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, typedValue, useFocusFirstInvalid, useIsPending } from "~/lib/forms";
import { buttonClass, SubmitButton } from "~/ui/button";
import { useChangedBeforeHydration } from "~/ui/early-input";
import { CheckboxGroup, ErrorSummary, FieldError, InputField, SelectField, TextareaField } from "~/ui/field";
import { Input } from "~/ui/input";
import { useFormFields } from "~/ui/use-form-fields";
import { OFFERED_REPORT_PERIODS } from "./periods";

// In the order they appear in the form.
const FIELDS = ["projectId", "period", "from", "title", "language", "sections", "topMentionsCount", "notes"] as const;

const radioCard =
  "flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring";

/**
 * "New report": a plain form that keeps everything typed when it comes back with errors and focuses the
 * first invalid field. Section order is a number per section, so it works without JavaScript.
 */
export function ReportForm({
  projects,
  starred,
  defaults,
  timeZone,
  result,
}: {
  projects: Array<{ id: string; name: string }>;
  starred: Array<{ id: string; title: string | null; text: string; projectName: string }>;
  defaults: { projectId: string; language: string };
  timeZone: string;
  result: FormResult | undefined;
}) {
  const { t } = useTranslation("reports");
  const pending = useIsPending();
  const form = useRef<HTMLFormElement>(null);
  const { errors, value, focus, field } = useFormFields(result, FIELDS, {
    ...defaults,
    period: "last_week",
    topMentionsCount: "10",
  });
  useFocusFirstInvalid(form, result);
  const many = (name: string, stored: readonly string[]) =>
    result?.values ? ([] as string[]).concat(result.values[name] ?? []) : stored;

  const [projectId, setProjectId] = useState(value("projectId"));
  const [period, setPeriod] = useState(value("period"));
  // The suggested title follows a project or period chosen before the page hydrated.
  useChangedBeforeHydration(form, (controls) => {
    for (const control of controls) {
      if (control.name === "projectId") setProjectId(control.value);
      if (control.name === "period" && (control as HTMLInputElement).checked) setPeriod(control.value);
    }
  });
  const projectName = projects.find((p) => p.id === projectId)?.name ?? projects[0]?.name ?? "";
  const suggested = `${projectName} · ${t(`periods.${period}`)}`;
  const chosenSections = many("sections", REPORT_SECTIONS);

  return (
    <Form ref={form} method="post" className="flex max-w-2xl flex-col gap-6" noValidate>
      {result && <ErrorSummary>{t("errors.summary")}</ErrorSummary>}
      <SelectField
        {...field("projectId")}
        label={t("form.project")}
        required
        onChange={(event) => setProjectId(event.currentTarget.value)}
      >
        <option value="">{t("form.choose")}</option>
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>

      <fieldset className="flex flex-col gap-2" aria-describedby="period-hint">
        <legend className="mb-1 text-sm font-medium">{t("form.period")}</legend>
        <p id="period-hint" className="text-xs text-muted-foreground">
          {t("form.periodHint", { timeZone })}
        </p>
        <div className="grid gap-2 sm:grid-cols-4">
          {OFFERED_REPORT_PERIODS.map((option) => (
            <label key={option} className={radioCard}>
              <input
                type="radio"
                name="period"
                value={option}
                defaultChecked={value("period") === option}
                onChange={() => setPeriod(option)}
                className="accent-[var(--primary)]"
              />
              {t(`periods.${option}`)}
            </label>
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField {...field("from")} type="date" label={t("form.from")} />
          <InputField name="to" type="date" label={t("form.to")} defaultValue={value("to")} />
        </div>
      </fieldset>

      <InputField
        {...field("title")}
        label={t("form.reportTitle")}
        hint={t("form.titleHint", { example: suggested })}
        placeholder={suggested}
        maxLength={120}
      />

      <SelectField {...field("language")} label={t("form.language")}>
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </SelectField>

      <fieldset className="flex flex-col gap-2" aria-describedby="sections-hint sections-error">
        <legend className="mb-1 text-sm font-medium">{t("form.sections")}</legend>
        <p id="sections-hint" className="text-xs text-muted-foreground">
          {t("form.sectionsHint")}
        </p>
        <ol className="grid gap-2 sm:grid-cols-2">
          {REPORT_SECTIONS.map((id, index) => {
            const positionError = errors.field(`position.${id}`);
            return (
              <li key={id} className="flex items-center gap-2 rounded-lg border border-border px-3 py-2">
                <div className="w-16 shrink-0">
                  <Input
                    type="number"
                    name={`position.${id}`}
                    min={1}
                    max={99}
                    aria-label={t("form.position", { section: t(`sections.${id}`) })}
                    aria-invalid={positionError ? true : undefined}
                    defaultValue={typedValue(result, `position.${id}`, String(index + 1))}
                  />
                </div>
                <label className="flex flex-1 cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="sections"
                    value={id}
                    defaultChecked={chosenSections.includes(id)}
                    // biome-ignore lint/a11y/noAutofocus: the first invalid field of a form sent back without JavaScript.
                    autoFocus={focus("sections") && index === 0}
                    aria-invalid={errors.field("sections") ? true : undefined}
                    className="size-4 accent-[var(--primary)]"
                  />
                  {t(`sections.${id}`)}
                </label>
                {positionError && <span className="sr-only">{positionError}</span>}
              </li>
            );
          })}
        </ol>
        <FieldError id="sections-error">
          {errors.field("sections") ??
            REPORT_SECTIONS.map((id) => errors.field(`position.${id}`)).find((e) => e !== undefined)}
        </FieldError>
      </fieldset>

      <InputField
        {...field("topMentionsCount")}
        type="number"
        min={1}
        max={MAX_TOP_MENTIONS}
        label={t("form.topMentionsCount")}
      />
      {starred.length > 0 ? (
        <CheckboxGroup
          name="topMentionIds"
          legend={t("form.topMentionIds")}
          hint={t("form.topMentionIdsHint")}
          options={starred.map((m) => ({ value: m.id, label: `${m.projectName}: ${m.title ?? m.text}` }))}
          checked={many("topMentionIds", [])}
          error={errors.field("topMentionIds")}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t("form.noStarred")}</p>
      )}

      <TextareaField {...field("notes")} label={t("form.notes")} hint={t("form.notesHint")} rows={6} maxLength={5000} />

      <div className="flex gap-2">
        <SubmitButton pending={pending} pendingLabel={t("form.saving")}>
          {t("form.submit")}
        </SubmitButton>
        <Link to="/reports" className={buttonClass("outline")}>
          {t("forms:cancel")}
        </Link>
      </div>
    </Form>
  );
}
