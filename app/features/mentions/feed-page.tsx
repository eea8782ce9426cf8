import { Link, useFetcher, useLocation, useOutlet, useParams } from "react-router";
import { tryParseQuery } from "~/core/query";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { CursorPagination } from "~/ui/data-table/pagination";
import { EmptyState } from "~/ui/empty-state";
import { Download, FolderKanban, Inbox, SearchX } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import { useQueryErrorText } from "~/ui/query-error";
import { NewArrivals } from "./arrivals";
import { messagesFeed } from "./feed";
import type { FeedData } from "./feed.server";
import { BulkBar } from "./feed-bulk";
import { FeedFilters, isFiltered } from "./feed-filters";
import { FeedItemCard } from "./feed-item";
import { FeedShortcuts } from "./shortcuts";

function Total({ total }: { total: { count: number; estimated: boolean } }) {
  const { t } = useTranslation("messages");
  const format = useFormatter();
  const value = format.number(total.count);
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite">
      {total.estimated ? t("total.estimated", { value }) : t("total.exact", { value })}
    </p>
  );
}

/** The messages feed: search and filters, the total, a keyset page of mentions, and the open mention beside it. */
export function FeedPage({ data }: { data: FeedData }) {
  const { t } = useTranslation("messages");
  const location = useLocation();
  const outlet = useOutlet();
  const { messageId } = useParams();
  const bulk = useFetcher({ key: "messages-bulk" });
  const { query, items, total, choices, canTriage, scope } = data;
  const parsed = tryParseQuery(query.state.q);
  const search = "tree" in parsed ? parsed.tree : null;
  const errorText = useQueryErrorText();
  const searchError = "error" in parsed ? errorText(parsed.error) : undefined;
  const filtered = isFiltered(query);
  const pendingIds = bulk.formData?.getAll("ids");
  const pendingAll = bulk.formData?.get("scope") === "all";

  const header = (
    <PageHeader
      help="messages"
      title={t("title")}
      description={scope ? t("scope.project", { name: scope.name }) : t("scope.all")}
      actions={
        choices.projects.length > 0 && (
          <a href={`/messages/export${location.search}`} className={buttonClass("outline")} download>
            <Download aria-hidden="true" />
            {t("export")}
          </a>
        )
      }
    />
  );

  if (choices.projects.length === 0) {
    return (
      <>
        {header}
        <EmptyState icon={FolderKanban} text={t("empty.noProjects")} />
      </>
    );
  }

  return (
    <>
      {header}
      <FeedFilters
        searchError={searchError}
        query={query}
        projects={choices.projects}
        sources={choices.sources}
        tags={choices.tags}
        authors={choices.authors}
      />
      <div className={outlet ? "grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]" : undefined}>
        {/* The open mention comes first in the document, shown beside the feed: on a slow network it shows
            before the page of mentions has arrived, not after it. */}
        {outlet && (
          <aside
            aria-label={t("mention.panel")}
            className="max-lg:fixed max-lg:inset-0 max-lg:z-40 max-lg:overflow-y-auto max-lg:bg-background max-lg:p-4 lg:sticky lg:top-4 lg:col-start-2 lg:row-start-1 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto"
          >
            {outlet}
          </aside>
        )}
        <section aria-label={t("feed")} className="flex min-w-0 flex-col gap-3 lg:col-start-1 lg:row-start-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Total total={total} />
            <NewArrivals loadedAt={data.loadedAt} />
            {canTriage && items.length > 0 && <BulkBar fetcher={bulk} total={total} />}
          </div>
          {items.length === 0 ? (
            <EmptyState
              icon={filtered ? SearchX : Inbox}
              text={searchError ?? (filtered ? t("empty.noResults") : t("empty.noMentions"))}
              action={
                <Link to={filtered ? "/messages" : "/sources"} className={buttonClass("outline", "sm")}>
                  {filtered ? t("clearFilters") : t("empty.addSources")}
                </Link>
              }
            />
          ) : (
            <ul className="flex flex-col gap-2" data-feed>
              {items.map((item) => (
                <FeedItemCard
                  key={item.id}
                  item={item}
                  search={search}
                  selectable={canTriage}
                  canTriage={canTriage}
                  open={item.id === messageId}
                  pendingBulk={pendingAll || pendingIds?.includes(item.id) ? bulk.formData : undefined}
                />
              ))}
            </ul>
          )}
          {(items.length > 0 || !data.atStart) && (
            <CursorPagination
              spec={messagesFeed}
              state={query.state}
              previous={data.previous}
              next={data.next}
              atStart={data.atStart}
            />
          )}
        </section>
      </div>
      <datalist id="workspace-tags">
        {choices.tags.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      <FeedShortcuts canTriage={canTriage} />
    </>
  );
}
