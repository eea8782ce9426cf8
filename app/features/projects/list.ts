import { defineTable } from "~/ui/data-table/spec";

export const PROJECT_STATUSES = ["active", "paused"] as const;

/** The projects table: what its URL may sort, filter, hide and page by. */
export const projectsTable = defineTable({
  sortable: ["name", "status", "mentions7d", "updated"],
  defaultSort: { id: "name", desc: false },
  filters: { status: PROJECT_STATUSES },
  hideable: ["status", "keywords", "mentions7d", "members", "updated"],
  pageSizes: [10, 25, 50, 100],
  defaultPageSize: 25,
});

export const PROJECT_BULK_INTENTS = ["pause", "resume", "delete"] as const;
export type ProjectBulkIntent = (typeof PROJECT_BULK_INTENTS)[number];
