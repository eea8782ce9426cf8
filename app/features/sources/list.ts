import { defineTable } from "~/core/table";
import { SOURCE_STATUSES, SOURCE_TYPES } from "./schemas";

/** The sources table: what its URL may sort, filter, hide and page by. */
export const sourcesTable = defineTable({
  sortable: ["name", "type", "status", "lastFetch", "newItems7d", "failures"],
  defaultSort: { id: "name", desc: false },
  filters: { type: SOURCE_TYPES, status: SOURCE_STATUSES },
  hideable: ["address", "language", "lastFetch", "lastResult", "newItems", "newItems7d", "failures"],
  // The language hint matters least; on by the Columns menu.
  hiddenByDefault: ["language"],
  pageSizes: [10, 25, 50, 100],
  defaultPageSize: 25,
});

/** A source's fetch history (its last fetches, newest first): only the columns shown are in its URL. */
export const historyTable = defineTable({
  sortable: [],
  defaultSort: { id: "time", desc: true },
  filters: {},
  hideable: ["duration", "http", "result", "newItems", "duplicates", "error"],
  pageSizes: [50],
  defaultPageSize: 50,
});
