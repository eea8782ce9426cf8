import { defineTable, type TableState } from "~/core/table";

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

export type ProjectsTableState = TableState<typeof projectsTable>;

export interface ProjectRow {
  id: string;
  name: string;
  description: string | null;
  color: string;
  status: (typeof PROJECT_STATUSES)[number];
  keywords: string[];
  /** Mentions in the last 7 days of the reader's zone, today included. */
  mentions7d: number;
  updatedAt: Date;
}
