import { type RefObject, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { type Formatter, useFormatter } from "~/lib/format";
import { cn } from "~/ui/cn";
import { Highlighted } from "~/ui/highlighted";
import type { PreviewAnswer, RulesPreview } from "./preview";

/** The form's fields that make the rules; typing in any of them asks for a new preview. */
const RULE_FIELDS = ["keywords", "requiredWords", "excludedWords", "languages"] as const;
const DELAY_MS = 400;

/**
 * With JavaScript, the preview follows the rules as they are typed: a pause in typing (or the Preview
 * button, at once) asks `/projects/preview` through one fetcher, whose new request cancels the one on its
 * way. The form's fields are never touched, so nothing typed is lost. Without JavaScript the Preview button
 * posts the form (`intent=preview`) and the page comes back with the preview and everything typed.
 */
export function useRulesPreview(form: RefObject<HTMLFormElement | null>) {
  const fetcher = useFetcher<PreviewAnswer>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asked = useRef<string | null>(null);
  /** Null until the form has been read in the browser. */
  const [hasKeywords, setHasKeywords] = useState<boolean | null>(null);

  const ask = (now: boolean) => {
    clearTimeout(timer.current);
    if (!form.current) return;
    const typed = new FormData(form.current);
    const params = new URLSearchParams();
    for (const name of RULE_FIELDS) for (const value of typed.getAll(name)) params.append(name, String(value));
    const keywords = String(typed.get("keywords") ?? "").trim() !== "";
    setHasKeywords(keywords);
    const query = params.toString();
    if (!keywords || query === asked.current) return;
    const load = () => {
      asked.current = query;
      void fetcher.load(`/projects/preview?${query}`);
    };
    if (now) load();
    else timer.current = setTimeout(load, DELAY_MS);
  };
  // The listener added once calls this render's `ask` (the fetcher's identity changes between renders).
  const latest = useRef(ask);
  latest.current = ask;

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const onInput = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if ((RULE_FIELDS as readonly string[]).includes(name ?? "")) latest.current(false);
    };
    element.addEventListener("input", onInput);
    // The rules as the page opened (an edited project's, or those typed before the page was interactive).
    latest.current(true);
    return () => {
      element.removeEventListener("input", onInput);
      clearTimeout(timer.current);
    };
  }, [form]);

  return {
    /** The Preview button with JavaScript: at once, without posting the form. */
    now: () => ask(true),
    hasKeywords,
    loading: fetcher.state === "loading",
    preview: fetcher.data?.preview,
    fieldErrors: fetcher.data?.fieldErrors ?? null,
  };
}

/**
 * How many mentions of the last 30 days the rules match, per language, and examples with the matched words
 * marked (the matcher's own spans). A screen reader hears the new count (or why there is none), not the
 * whole panel, each time it changes.
 */
export function RulesPreviewPanel({
  preview,
  loading,
  hint,
  error,
}: {
  preview: RulesPreview | null | undefined;
  loading: boolean;
  /** Said instead of a preview (no keywords yet). */
  hint?: string;
  /** A rule that cannot be read, translated. */
  error?: string;
}) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  const said = error ?? hint ?? (preview ? summaryOf(t, format, preview) : "");
  return (
    <section
      id="preview"
      aria-labelledby="preview-title"
      aria-busy={loading || undefined}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-border bg-card p-5 xl:sticky xl:top-20 xl:self-start"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="preview-title" className="font-semibold">
          {t("preview.title")}
        </h2>
        {loading && <span className="text-xs text-muted-foreground">{t("preview.updating")}</span>}
      </div>
      <p className="sr-only" role="status">
        {loading ? "" : said}
      </p>
      <div className={cn("flex flex-col gap-4", loading && "opacity-60")}>
        {error ? (
          <p className="text-sm text-danger">{error}</p>
        ) : hint || !preview ? (
          <p className="text-sm text-muted-foreground">{hint ?? t("preview.intro")}</p>
        ) : (
          <PreviewResult preview={preview} />
        )}
      </div>
    </section>
  );
}

type T = ReturnType<typeof useTranslation<"projects">>["t"];

const periodOf = (format: Formatter, preview: RulesPreview) => ({
  from: format.day(preview.from),
  to: format.day(preview.to),
});

const countOf = (t: T, format: Formatter, preview: RulesPreview) =>
  t(preview.estimated ? "preview.countEstimated" : "preview.count", {
    count: preview.count,
    value: format.number(preview.count),
  });

function summaryOf(t: T, format: Formatter, preview: RulesPreview): string {
  const period = periodOf(format, preview);
  if (preview.count === 0) return t("preview.none", period);
  return `${countOf(t, format, preview)} ${t("preview.period", period)}`;
}

function PreviewResult({ preview }: { preview: RulesPreview }) {
  const { t } = useTranslation("projects");
  const format = useFormatter();
  if (preview.count === 0) return <p className="text-sm">{summaryOf(t, format, preview)}</p>;
  return (
    <>
      <div className="flex flex-col gap-1">
        <p className="text-2xl font-semibold tabular-nums" data-preview-count>
          {countOf(t, format, preview)}
        </p>
        <p className="text-sm text-muted-foreground">{t("preview.period", periodOf(format, preview))}</p>
        {preview.scoped && <p className="text-xs text-muted-foreground">{t("preview.scoped")}</p>}
        {preview.estimated && (
          <p className="text-xs text-muted-foreground">
            {t("preview.estimate", {
              checked: format.number(preview.checked),
              since: format.dateTime(preview.since),
            })}
          </p>
        )}
      </div>
      {preview.languages.length > 0 && (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label={t("preview.byLanguage")}>
          {preview.languages.map((l) => (
            <li key={l.language} className="rounded-md bg-muted px-2 py-1">
              {t(`messages:language.${l.language}`)}{" "}
              <span className="font-medium tabular-nums">{format.number(l.count)}</span>
            </li>
          ))}
        </ul>
      )}
      {preview.examples.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium">{t("preview.examples")}</h3>
          <ol className="flex flex-col gap-3">
            {preview.examples.map((example) => (
              <li key={example.id} className="flex flex-col gap-1 border-t border-border pt-3 text-sm">
                <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                  <span data-user-content>{example.source}</span>
                  <span>{t(`messages:language.${example.language}`)}</span>
                  <time dateTime={example.publishedAt} suppressHydrationWarning>
                    {format.dateTime(example.publishedAt)}
                  </time>
                </p>
                {example.title && (
                  <Link
                    to={`/messages/${example.id}`}
                    className="font-medium [overflow-wrap:anywhere] hover:underline"
                    data-user-content
                  >
                    <Highlighted segments={example.title} />
                  </Link>
                )}
                <p
                  className="text-muted-foreground [overflow-wrap:anywhere] [&_mark]:text-foreground"
                  data-user-content
                >
                  {example.title ? (
                    <Highlighted segments={example.text} />
                  ) : (
                    <Link to={`/messages/${example.id}`} className="hover:underline">
                      <Highlighted segments={example.text} />
                    </Link>
                  )}
                </p>
              </li>
            ))}
          </ol>
        </div>
      )}
      {preview.hiddenExamples && <p className="text-xs text-muted-foreground">{t("preview.hidden")}</p>}
    </>
  );
}
