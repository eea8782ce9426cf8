import { defineTable } from "~/core/table";
import { REPORT_SCHEDULES } from "~/db/report-model";

/** The reports table: what its URL may sort, filter and page by (the project filter's values are the reader's projects). */
export const reportsTable = defineTable({
  sortable: ["title", "period", "created", "generated"],
  defaultSort: { id: "created", desc: true },
  filters: { project: [] as string[], schedule: REPORT_SCHEDULES },
  hideable: ["project", "period", "sections", "createdBy", "created", "generated", "schedule"],
  pageSizes: [10, 25, 50],
  defaultPageSize: 25,
});

/** The table with the projects the reader may filter by. */
export const reportsTableFor = (projectIds: string[]) => ({
  ...reportsTable,
  filters: { ...reportsTable.filters, project: projectIds },
});
