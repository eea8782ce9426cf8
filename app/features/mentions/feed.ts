import { QUICK_PRESETS } from "~/core/period";
import { defineTable } from "~/core/table";
import { MESSAGE_LANGUAGES, SENTIMENTS, SOURCE_TYPES } from "~/db/mention-model";
/** The feed's period filter: today and the 6, 29 or 89 days before it, in the reader's zone. */
export const PERIODS = QUICK_PRESETS;

/** The feed: what its URL may sort, filter and page by (ADR 024: pages are keyset, not numbered). */
export const messagesFeed = defineTable({
  sortable: ["published", "reach"],
  defaultSort: { id: "published", desc: true },
  filters: {
    sentiment: SENTIMENTS,
    type: SOURCE_TYPES,
    language: MESSAGE_LANGUAGES,
    read: ["unread", "read"],
    star: ["starred", "unstarred"],
    /** Archived mentions are hidden unless this asks for them (and then only they are shown). */
    archived: ["archived"],
    period: PERIODS,
  },
  hideable: [],
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
});

/** Filters whose values come from the workspace (ids, tags, dates) rather than the spec. */
export const FREE_FILTERS = ["project", "source", "tag", "author", "from", "to"] as const;

export const BULK_INTENTS = ["read", "unread", "star", "unstar", "archive", "unarchive", "sentiment", "tag"] as const;
export type BulkIntent = (typeof BULK_INTENTS)[number];
export const MAX_TAG = 50;
