import { Link, useLocation } from "react-router";
import { PARAMS, POSITION_PARAMS, type TableSpec, withParams } from "~/core/table";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { FacetMenu, RecordFacetMenu, SearchBox } from "~/ui/data-table/toolbar";
import { ApplyWithoutScript, Menu, MenuDate, UrlForm } from "~/ui/data-table/url-form";
import { ArrowDownUp, CalendarRange, Check, UserRound, X } from "~/ui/icons";
import { FREE_FILTERS, messagesFeed } from "./feed";
import type { FeedQuery } from "./feed.server";

type Choice = { id: string; name: string };

const FILTER_NAMES = [...Object.keys(messagesFeed.filters), ...FREE_FILTERS];

/** Whether anything narrows the feed beyond its defaults (the search or any filter). */
export function isFiltered(query: FeedQuery) {
  return (
    query.state.q !== "" ||
    Object.values<string[]>(query.state.filters).some((chosen) => chosen.length > 0) ||
    query.project.length + query.source.length + query.tag.length > 0 ||
    Boolean(query.author || query.from || query.to)
  );
}

function SortMenu({ query }: { query: FeedQuery }) {
  const { t } = useTranslation("messages");
  const location = useLocation();
  const orders = [
    { id: "newest", sort: null, dir: null },
    { id: "oldest", sort: "published", dir: "asc" },
    { id: "reach", sort: "reach", dir: "desc" },
  ] as const;
  const { sort } = query.state;
  const current = sort.id === "reach" ? "reach" : sort.desc ? "newest" : "oldest";
  return (
    <Menu
      summary={
        <>
          <ArrowDownUp aria-hidden="true" />
          {t(`sort.${current}`)}
        </>
      }
    >
      <div className="menu-panel left-0 right-auto">
        <p className="menu-label">{t("sort.label")}</p>
        {orders.map((order) => (
          <Link
            key={order.id}
            to={withParams(location.search, {
              [PARAMS.sort]: order.sort,
              [PARAMS.dir]: order.dir,
              ...Object.fromEntries(POSITION_PARAMS.map((p) => [p, null])),
            })}
            aria-current={current === order.id ? "true" : undefined}
            className="menu-item"
          >
            <Check aria-hidden="true" className={cn("size-4", current !== order.id && "invisible")} />
            {t(`sort.${order.id}`)}
          </Link>
        ))}
      </div>
    </Menu>
  );
}

/**
 * The author filter: one author, typed or picked from the suggestions (a datalist, so it needs no script);
 * emptied, it filters by none.
 */
function AuthorMenu({ author, authors }: { author: string | null; authors: string[] }) {
  const { t } = useTranslation("messages");
  return (
    <Menu
      className="border-dashed"
      summary={
        <>
          <UserRound aria-hidden="true" />
          {t("filter.author")}
          {author && (
            <span className="max-w-40 truncate rounded-sm bg-muted px-1.5 text-xs font-normal" data-user-content="">
              {author}
            </span>
          )}
        </>
      }
    >
      <div className="menu-panel left-0 right-auto w-64">
        <label className="flex flex-col gap-1 px-2 py-1 text-sm">
          {t("filter.author")}
          <input
            type="search"
            name="author"
            defaultValue={author ?? ""}
            list="feed-authors"
            maxLength={200}
            placeholder={t("filter.authorPlaceholder")}
            className="h-8 rounded-md border border-border bg-background px-2"
          />
        </label>
        <datalist id="feed-authors">
          {authors.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <ApplyWithoutScript className="m-1" />
      </div>
    </Menu>
  );
}

/** The feed's search, filters and sort: one GET form, so the whole state lives in the URL. */
export function FeedFilters({
  query,
  projects,
  sources,
  tags,
  authors,
  searchError,
}: {
  query: FeedQuery;
  projects: Choice[];
  sources: Choice[];
  tags: string[];
  authors: string[];
  /** Why the search cannot be read, translated. */
  searchError: string | undefined;
}) {
  const { t } = useTranslation("messages");
  const format = useFormatter();
  const { state } = query;
  const facet = (id: string, label: string, values: readonly string[], optionLabel: (v: string) => string) => (
    <FacetMenu<TableSpec>
      key={id}
      facet={{ id, label, optionLabel }}
      values={values}
      chosen={
        (state.filters as Record<string, string[]>)[id] ?? (query as unknown as Record<string, string[]>)[id] ?? []
      }
    />
  );
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <UrlForm
        role="search"
        className="flex flex-wrap items-center gap-2"
        owned={[PARAMS.q, ...POSITION_PARAMS, ...FILTER_NAMES]}
      >
        <SearchBox
          label={t("search.label")}
          placeholder={t("search.placeholder")}
          value={state.q}
          help={t("search.help")}
          error={searchError}
          className="w-64 sm:w-80"
        />
        {projects.length > 1 && (
          <RecordFacetMenu id="project" label={t("filter.project")} records={projects} chosen={query.project} />
        )}
        {sources.length > 0 && (
          <RecordFacetMenu id="source" label={t("filter.source")} records={sources} chosen={query.source} />
        )}
        <AuthorMenu author={query.author} authors={authors} />
        {facet("type", t("filter.type"), messagesFeed.filters.type, (v) => t(`sourceType.${v}`))}
        {facet("sentiment", t("filter.sentiment"), messagesFeed.filters.sentiment, (v) => t(`sentiment.${v}`))}
        {facet("language", t("filter.language"), messagesFeed.filters.language, (v) => t(`language.${v}`))}
        {facet("read", t("filter.read"), messagesFeed.filters.read, (v) => t(`filter.${v}`))}
        {facet("star", t("filter.star"), messagesFeed.filters.star, (v) => t(`filter.${v}`))}
        {tags.length > 0 && facet("tag", t("filter.tag"), [...new Set([...query.tag, ...tags])], (v) => `#${v}`)}
        {facet("archived", t("filter.archived"), messagesFeed.filters.archived, () => t("filter.showArchived"))}
        <Menu
          className="border-dashed"
          summary={
            <>
              <CalendarRange aria-hidden="true" />
              {t("filter.period")}
              {(state.filters.period.length > 0 || query.from || query.to) && (
                <span className="rounded-sm bg-muted px-1.5 text-xs font-normal">
                  {state.filters.period[0]
                    ? t("period.days", { days: format.number(Number(state.filters.period[0])) })
                    : `${query.from ?? "…"} – ${query.to ?? "…"}`}
                </span>
              )}
            </>
          }
        >
          <fieldset className="menu-panel left-0 right-auto w-64">
            <legend className="menu-label float-left w-full">{t("filter.period")}</legend>
            {messagesFeed.filters.period.map((days) => (
              <label key={days} className="menu-item cursor-pointer">
                <input
                  type="radio"
                  name="period"
                  value={days}
                  defaultChecked={state.filters.period[0] === days}
                  className="accent-[var(--primary)]"
                />
                {t("period.days", { days: format.number(Number(days)) })}
              </label>
            ))}
            <label className="menu-item cursor-pointer">
              <input
                type="radio"
                name="period"
                value=""
                defaultChecked={state.filters.period.length === 0}
                className="accent-[var(--primary)]"
              />
              {t("period.any")}
            </label>
            <MenuDate name="from" label={t("period.from")} value={query.from} />
            <MenuDate name="to" label={t("period.to")} value={query.to} />
            <ApplyWithoutScript className="m-1" />
          </fieldset>
        </Menu>
        <ApplyWithoutScript />
      </UrlForm>
      <SortMenu query={query} />
      {isFiltered(query) && (
        <Link to="/messages" className={buttonClass("ghost", "sm")}>
          {t("clearFilters")}
          <X aria-hidden="true" />
        </Link>
      )}
    </div>
  );
}
