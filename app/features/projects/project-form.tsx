import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES } from "~/i18n/config";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { TextareaField } from "~/ui/controls";
import { Field } from "~/ui/field";
import type { ProjectFormResult } from "./forms.server";

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

const lines = (value: string | string[] | undefined, fallback: string[]) =>
  value === undefined ? fallback.join("\n") : Array.isArray(value) ? value.join("\n") : value;

/** Create and edit: a plain form that keeps everything typed when it comes back with errors. */
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
  const busy = useNavigation().state === "submitting";
  const typed = result?.values;
  const error = (field: string) => (result?.fieldErrors[field] ? t(result.fieldErrors[field]) : undefined);
  const list = (field: keyof ProjectFormDefaults) =>
    typed ? ([] as string[]).concat(typed[field] ?? []) : (defaults[field] as string[]);
  const languages = list("languages");
  const chosenCompetitors = list("competitorIds");

  return (
    <Form method="post" className="flex max-w-2xl flex-col gap-6" noValidate>
      {result && (
        <p role="alert" className="sr-only">
          {t("errors.summary")}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <Field
          name="name"
          label={t("form.name")}
          required
          maxLength={80}
          defaultValue={typed ? String(typed.name) : defaults.name}
          error={error("name")}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="color" className="text-sm font-medium">
            {t("form.color")}
          </label>
          <input
            id="color"
            name="color"
            type="color"
            defaultValue={typed ? String(typed.color) : defaults.color}
            className="h-10 w-16 cursor-pointer rounded-md border border-border bg-background p-1"
          />
        </div>
      </div>
      <TextareaField
        name="description"
        label={t("form.description")}
        maxLength={500}
        defaultValue={typed ? String(typed.description) : defaults.description}
        error={error("description")}
      />
      <TextareaField
        name="keywords"
        label={t("form.keywords")}
        description={t("form.keywordsHint")}
        required
        defaultValue={lines(typed?.keywords, defaults.keywords)}
        error={error("keywords")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextareaField
          name="requiredWords"
          label={t("form.requiredWords")}
          description={t("form.requiredWordsHint")}
          defaultValue={lines(typed?.requiredWords, defaults.requiredWords)}
          error={error("requiredWords")}
        />
        <TextareaField
          name="excludedWords"
          label={t("form.excludedWords")}
          description={t("form.excludedWordsHint")}
          defaultValue={lines(typed?.excludedWords, defaults.excludedWords)}
          error={error("excludedWords")}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t("form.languages")}</legend>
        <p className="text-xs text-muted-foreground">{t("form.languagesHint")}</p>
        <div className="flex flex-wrap gap-2">
          {LANGUAGES.map((lng) => (
            <label
              key={lng}
              className="flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary"
            >
              <input
                type="checkbox"
                name="languages"
                value={lng}
                defaultChecked={languages.includes(lng)}
                className="accent-[var(--primary)]"
              />
              <span lang={lng}>{LANGUAGE_NAMES[lng]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {competitors.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t("form.competitors")}</legend>
          <p className="text-xs text-muted-foreground">{t("form.competitorsHint")}</p>
          <div className="flex flex-wrap gap-2">
            {competitors.map((c) => (
              <label
                key={c.id}
                className="flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary"
              >
                <input
                  type="checkbox"
                  name="competitorIds"
                  value={c.id}
                  defaultChecked={chosenCompetitors.includes(c.id)}
                  className="accent-[var(--primary)]"
                />
                {c.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? t("form.saving") : submitLabel}
        </button>
        <Link to={cancelTo} className={cn(buttonClass("outline"))}>
          {t("forms:cancel")}
        </Link>
      </div>
    </Form>
  );
}
