// The feed's total (ADR 043): the number the page shows, the number of rows its export holds, and the
// assistant's count of a search. core/count.server counts it; this says which of the feed's filters the
// rollups know.
import type { Services } from "~/core/context.server";
import { countFeed, EVER, type MentionQuery, type Total } from "~/core/count.server";
import type { Feed } from "./feed.server";

/** The feed's filters the rollups know, as a mention query; null when it shows archived mentions. */
function rollupQuery({ query, scope, range }: Feed): MentionQuery | null {
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
  };
}

/** How many mentions the feed holds: exact, except for a text search over many, which is estimated and says so. */
export function feedTotal({ db }: Services, feed: Feed): Promise<Total> {
  const f = feed.query.state.filters;
  return countFeed(db, {
    where: feed.filters,
    search: feed.search,
    mentions: rollupQuery(feed),
    more: feed.query.tag.length > 0 || f.read.length === 1 || f.star.length === 1,
  });
}
