import { Link, type ShouldRevalidateFunctionArgs, useFetcher, useLocation, useOutlet, useParams } from "react-router";
import { can } from "~/core/permissions";
import { requireUser } from "~/features/auth/guard.server";
import { NewArrivals } from "~/features/messages/arrivals";
import { messagesFeed } from "~/features/messages/feed";
import {
  databaseNow,
  feedContext,
  feedCount,
  feedPage,
  filterChoices,
  parseFeedCursor,
  visibleProjects,
} from "~/features/messages/feed.server";
import { BulkBar } from "~/features/messages/feed-bulk";
import { FeedFilters, isFiltered } from "~/features/messages/feed-filters";
import { FeedItemCard } from "~/features/messages/feed-item";
import { parseSearch } from "~/features/messages/search";
import { FeedShortcuts } from "~/features/messages/shortcuts";
import { bulkChange } from "~/features/messages/triage.server";
import { readerLanguage } from "~/features/settings/preferences.server";
import { useTranslation } from "~/i18n/use-translation";
import { useFormatter } from "~/lib/format";
import { PageErrorBoundary } from "~/shell/error-page";
import { buttonClass } from "~/ui/button";
import { CursorPagination } from "~/ui/data-table/pagination";
import { EmptyState } from "~/ui/empty-state";
import { Download, FolderKanban, Inbox, SearchX } from "~/ui/icons";
import { PageHeader } from "~/ui/page-header";
import type { Route } from "./+types/_app.messages";

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser(context);
  const language = readerLanguage(context);
  const { query, where, projects } = feedContext(context, user, url.searchParams);
  const cursor = parseFeedCursor(query.state, url.searchParams);
  const visible = visibleProjects(user);
  const choices = await filterChoices(visible, language);
  const page = await feedPage(where, query.state, cursor, visible, language);
  const total = await feedCount(where);
  const loadedAt = await databaseNow();
  const scope = projects?.length === 1 ? (choices.projects.find((p) => p.id === projects[0]) ?? null) : null;
  return {
    query,
    ...page,
    atStart: cursor === null,
    loadedAt,
    total,
    choices,
    scope,
    canTriage: can(user, "messages.triage"),
  };
}

/** Bulk changes: the ticked mentions, or every mention matching the feed's filters (done here, not per page). */
export async function action({ request, context, url }: Route.ActionArgs) {
  return bulkChange(context, await request.formData(), url);
}

/** The feed does not reload when a mention merely opens or closes in the side panel (same search). */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const panelOnly = currentUrl.pathname !== nextUrl.pathname && currentUrl.search === nextUrl.search;
  if (!formMethod && panelOnly) return false;
  return defaultShouldRevalidate;
}

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

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("messages");
  const location = useLocation();
  const outlet = useOutlet();
  const { messageId } = useParams();
  const bulk = useFetcher({ key: "messages-bulk" });
  const { query, items, total, choices, canTriage, scope } = loaderData;
  const searchTerms = parseSearch(query.state.q);
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
      <FeedFilters query={query} projects={choices.projects} sources={choices.sources} tags={choices.tags} />
      <div className={outlet ? "grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]" : undefined}>
        <section aria-label={t("feed")} className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Total total={total} />
            <NewArrivals loadedAt={loaderData.loadedAt} />
            {canTriage && items.length > 0 && <BulkBar fetcher={bulk} total={total} />}
          </div>
          {items.length === 0 ? (
            filtered ? (
              <EmptyState
                icon={SearchX}
                text={t("empty.noResults")}
                action={
                  <Link to="/messages" className={buttonClass("outline", "sm")}>
                    {t("clearFilters")}
                  </Link>
                }
              />
            ) : (
              <EmptyState
                icon={Inbox}
                text={t("empty.noMentions")}
                action={
                  <Link to="/sources" className={buttonClass("outline", "sm")}>
                    {t("empty.addSources")}
                  </Link>
                }
              />
            )
          ) : (
            <ul className="flex flex-col gap-2" data-feed>
              {items.map((item) => (
                <FeedItemCard
                  key={item.id}
                  item={item}
                  searchTerms={searchTerms}
                  selectable={canTriage}
                  canTriage={canTriage}
                  open={item.id === messageId}
                  pendingBulk={pendingAll || pendingIds?.includes(item.id) ? bulk.formData : undefined}
                />
              ))}
            </ul>
          )}
          {(items.length > 0 || !loaderData.atStart) && (
            <CursorPagination
              spec={messagesFeed}
              state={query.state}
              previous={loaderData.previous}
              next={loaderData.next}
              atStart={loaderData.atStart}
            />
          )}
        </section>
        {outlet && (
          <aside
            aria-label={t("mention.panel")}
            className="max-lg:fixed max-lg:inset-0 max-lg:z-40 max-lg:overflow-y-auto max-lg:bg-background max-lg:p-4 lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto"
          >
            {outlet}
          </aside>
        )}
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

export const ErrorBoundary = PageErrorBoundary;
