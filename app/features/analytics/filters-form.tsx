import { Form, Link } from "react-router";
import { MAX_PERIOD_DAYS } from "~/core/period";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { FacetMenu, RecordFacetMenu } from "~/ui/data-table/toolbar";
import { ApplyWithoutScript, Menu, MenuDate, useUrlForm } from "~/ui/data-table/url-form";
import { CalendarRange } from "~/ui/icons";
import { type AnalyticsFilters, FILTER_CHOICES, PERIOD_CHOICES } from "./filters";

/**
 * The page's filters: one GET form, so they live in the URL and work without JavaScript (each menu has
 * an Apply button then); with JavaScript a change applies at once.
 */
export function AnalyticsFiltersForm({
  filters,
  projects,
  scope,
  periodError,
}: {
  filters: AnalyticsFilters;
  projects: Array<{ id: string; name: string }>;
  /** The projects shown (the switcher's by default), ticked when the URL names none; "all": every one. */
  scope: readonly string[] | "all";
  periodError: "missing" | "order" | "length" | null;
}) {
  const { t } = useTranslation(["dashboard", "messages"]);
  const format = useFormatter();
  const form = useUrlForm();
  const facet = (
    id: string,
    label: string,
    values: readonly string[],
    chosen: string[],
    name: (v: string) => string,
  ) => <FacetMenu key={id} facet={{ id, label, optionLabel: name } as never} values={values} chosen={chosen} />;
  const filtered =
    filters.project.length + filters.type.length + filters.language.length + filters.sentiment.length > 0 ||
    filters.period !== "30";
  return (
    <Form
      ref={form.ref}
      method="get"
      onChange={form.onChange}
      onSubmit={form.onSubmit}
      preventScrollReset
      aria-label={t("analytics.filters.label")}
      className="mb-4 flex flex-wrap items-center gap-2"
    >
      {projects.length > 1 && (
        <RecordFacetMenu
          id="project"
          label={t("analytics.filters.project")}
          records={projects}
          chosen={filters.project.length ? filters.project : scope === "all" ? projects.map((p) => p.id) : [...scope]}
        />
      )}
      <Menu
        className="border-dashed"
        summary={
          <>
            <CalendarRange aria-hidden="true" />
            {filters.period === "custom" && filters.from && filters.to && !periodError
              ? `${format.date(`${filters.from}T12:00:00Z`)} – ${format.date(`${filters.to}T12:00:00Z`)}`
              : t(`analytics.period.${filters.period}`)}
          </>
        }
      >
        <fieldset className="menu-panel left-0 right-auto w-64">
          <legend className="menu-label float-left w-full">{t("analytics.filters.period")}</legend>
          {PERIOD_CHOICES.map((choice) => (
            <label key={choice} className="menu-item cursor-pointer">
              <input
                type="radio"
                name="period"
                value={choice}
                defaultChecked={filters.period === choice}
                className="accent-[var(--primary)]"
              />
              {t(`analytics.period.${choice}`)}
            </label>
          ))}
          <MenuDate
            name="from"
            label={t("analytics.filters.from")}
            value={filters.from}
            invalid={periodError !== null}
          />
          <MenuDate name="to" label={t("analytics.filters.to")} value={filters.to} invalid={periodError !== null} />
          <p className="px-2 py-1 text-xs text-muted-foreground">
            {t("analytics.filters.customHelp", { days: format.number(MAX_PERIOD_DAYS) })}
          </p>
          <ApplyWithoutScript className="m-1" />
        </fieldset>
      </Menu>
      {facet("type", t("analytics.filters.type"), FILTER_CHOICES.type, filters.type, (v) =>
        t(`messages:sourceType.${v}`),
      )}
      {facet("language", t("analytics.filters.language"), FILTER_CHOICES.language, filters.language, (v) =>
        t(`messages:language.${v}`),
      )}
      {facet("sentiment", t("analytics.filters.sentiment"), FILTER_CHOICES.sentiment, filters.sentiment, (v) =>
        t(`messages:sentiment.${v}`),
      )}
      {filtered && (
        <Link to="/analytics" className={buttonClass("ghost", "sm")}>
          {t("analytics.filters.reset")}
        </Link>
      )}
    </Form>
  );
}
