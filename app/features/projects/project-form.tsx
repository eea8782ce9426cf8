import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { type FormResult, useIsPending } from "~/lib/forms";
import { buttonClass, SubmitButton } from "~/ui/button";
import { CheckboxGroup, ErrorSummary, Field, InputField, TextareaField } from "~/ui/field";
import { Input } from "~/ui/input";
import { useFormFields } from "~/ui/use-form-fields";
import type { RulesPreview } from "./preview";
import { RulesPreviewPanel, useRulesPreview } from "./rules-preview";

export interface ProjectFormDefaults {
  name: string;
  description: string;
  color: string;
  keywords: string[];
  requiredWords: string[];
  excludedWords: string[];
  languages: string[];
  competitorIds: string[];
}

// In the order they appear in the form.
const FIELDS = [
  "name",
  "color",
  "description",
  "keywords",
  "requiredWords",
  "excludedWords",
  "languages",
  "competitorIds",
] as const;

/** What the form's action sends back: errors, or (`intent=preview`) a preview, with everything typed. */
export type ProjectFormResult = FormResult & { preview?: RulesPreview };

/**
 * Create and edit: a plain form that keeps everything typed when it comes back with errors, and then
 * puts the focus on the first invalid field (`autoFocus` in the server's HTML without JavaScript, an
 * effect after a client-side submit). Beside it, the preview of what the rules would match (issue 30).
 */
export function ProjectForm({
  defaults,
  competitors,
  result,
  submitLabel,
  cancelTo,
}: {
  defaults: ProjectFormDefaults;
  competitors: Array<{ id: string; name: string }>;
  result: ProjectFormResult | undefined;
  submitLabel: string;
  cancelTo: string;
}) {
  const { t } = useTranslation("projects");
  const pending = useIsPending();
  const { errors, focus, value, field } = useFormFields(result, FIELDS, defaults);
  const form = useRef<HTMLFormElement>(null);
  const live = useRulesPreview(form);
  useEffect(() => {
    const field = result?.fieldErrors && form.current?.querySelector<HTMLElement>("[aria-invalid=true]");
    if (!field) return;
    field.focus({ preventScroll: true });
    // To the top, below the sticky header with its label (scroll-margin), wherever the page was scrolled.
    field.scrollIntoView({ block: "start" });
  }, [result]);
  // Ticked boxes: what came back (none ticked sends nothing), else the stored choice.
  const ticked = (name: "languages" | "competitorIds") =>
    result?.values ? ([] as string[]).concat(result.values[name] ?? []) : defaults[name];

  const previewHint = live.hasKeywords === false ? t("preview.noKeywords") : undefined;
  // A rule the live preview could not read; none to show once the keywords are emptied.
  const liveError = live.hasKeywords !== false && live.fieldErrors ? Object.values(live.fieldErrors)[0] : undefined;
  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,42rem)_minmax(0,1fr)]">
      <Form ref={form} method="post" className="flex min-w-0 max-w-2xl flex-col gap-6" noValidate>
        {(result?.fieldErrors || result?.formError) && <ErrorSummary>{t("errors.summary")}</ErrorSummary>}
        <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
          <InputField {...field("name")} label={t("form.name")} required maxLength={80} />
          <Field name="color" label={t("form.color")} error={errors.field("color")}>
            {(aria) => (
              <Input
                {...aria}
                type="color"
                autoFocus={focus("color")}
                defaultValue={value("color")}
                className="w-16 cursor-pointer p-1"
              />
            )}
          </Field>
        </div>
        <TextareaField {...field("description")} label={t("form.description")} maxLength={500} />
        <TextareaField {...field("keywords")} label={t("form.keywords")} hint={t("form.keywordsHint")} required />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextareaField
            {...field("requiredWords")}
            label={t("form.requiredWords")}
            hint={t("form.requiredWordsHint")}
          />
          <TextareaField
            {...field("excludedWords")}
            label={t("form.excludedWords")}
            hint={t("form.excludedWordsHint")}
          />
        </div>
        <CheckboxGroup
          name="languages"
          legend={t("form.languages")}
          hint={t("form.languagesHint")}
          options={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng], lang: lng }))}
          checked={ticked("languages")}
          autoFocus={focus("languages")}
          error={errors.field("languages")}
        />
        {competitors.length > 0 && (
          <CheckboxGroup
            name="competitorIds"
            legend={t("form.competitors")}
            hint={t("form.competitorsHint")}
            options={competitors.map((c) => ({ value: c.id, label: c.name }))}
            checked={ticked("competitorIds")}
            autoFocus={focus("competitorIds")}
            error={errors.field("competitorIds")}
          />
        )}
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={pending} pendingLabel={t("form.saving")}>
            {submitLabel}
          </SubmitButton>
          {/* After the save button, so Enter in a field still saves. Without JavaScript the page comes back
            scrolled to the preview. */}
          <button
            type="submit"
            name="intent"
            value="preview"
            formAction="#preview"
            className={buttonClass("outline")}
            onClick={(event) => {
              event.preventDefault();
              live.now();
            }}
          >
            {t("preview.submit")}
          </button>
          <Link to={cancelTo} className={buttonClass("outline")}>
            {t("forms:cancel")}
          </Link>
        </div>
      </Form>
      <RulesPreviewPanel
        preview={live.preview ?? result?.preview}
        loading={live.loading}
        hint={previewHint}
        error={liveError ? t(liveError) : undefined}
      />
    </div>
  );
}
