// What an imported task row can fill and the upload limit: shared by the import page and the server's checks.

export const TASK_FIELDS = [
  "title",
  "description",
  "status",
  "priority",
  "label",
  "assignee",
  "due",
  "project",
  "mention",
] as const;
export type TaskField = (typeof TASK_FIELDS)[number];
export type TaskMapping = Partial<Record<TaskField, string>>;

/** The file travels back with the preview's form (it is stored nowhere before the import), so it stays small. */
export const MAX_TASK_IMPORT_BYTES = 512 * 1024;

export interface RowError {
  /** 1-based, counting the header as row 1, as a spreadsheet numbers them. */
  row: number;
  field: TaskField | "file";
  problem: string;
}
