// The feed's total (ADR 043): the number the page shows, the number of rows its export holds, and the
// assistant's count of a search. core/count.server counts it; this says which of the feed's filters the
// rollups know.

import type { SQL } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { countFeed, countSearches, EVER, type FeedFilters, type FeedMentions, type Total } from "~/core/count.server";
import type { Feed } from "./feed.server";

/** The feed's filters the rollups know, as a mention query; null when it shows archived mentions. */
function rollupQuery({ query, scope, range }: Feed): FeedMentions | null {
  const f = query.state.filters;
  if (f.archived.length > 0) return null;
  return {
    scope,
    start: range.start ?? EVER.start,
    end: range.end ?? EVER.end,
    sentiments: f.sentiment,
    sourceTypes: f.type,
    sources: query.source,
    languages: f.language,
    authors: query.author ? [query.author] : [],
  };
}

/** What the feed's total counts: its filters, its search, and those of its filters the rollups know. */
function counted(feed: Feed): FeedFilters {
  const f = feed.query.state.filters;
  return {
    where: feed.filters,
    search: feed.search,
    mentions: rollupQuery(feed),
    more: feed.query.tag.length > 0 || f.read.length === 1 || f.star.length === 1,
  };
}

/** How many mentions the feed holds: exact, except for a text search over many, which is estimated and says so. */
export function feedTotal({ db }: Services, feed: Feed): Promise<Total> {
  return countFeed(db, counted(feed));
}

/**
 * The totals of feeds that differ only in their text search (a period's topics, each its link's): each the one
 * `feedTotal` gives it, their samples read together.
 */
export function searchTotals(services: Services, feeds: Feed[]): Promise<Total[]> {
  const searches = feeds.map((feed) => feed.search);
  const [first] = feeds;
  if (!first || !searches.every((search) => search)) return Promise.all(feeds.map((feed) => feedTotal(services, feed)));
  return countSearches(services.db, counted(first), searches as SQL[]);
}
