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

/** How many of a file's rows the preview shows. */
export const PREVIEW_ROWS = 5;

/** The import's second step: the file read, a mapping to confirm, and (after a refused confirmation) its rows' problems. */
export interface ImportPreview {
  step: "preview";
  fileName: string;
  /** The file's text, carried back by the confirming form (nothing is stored in between, ADR 031). */
  content: string;
  columns: string[];
  rows: Array<Record<string, string>>;
  totalRows: number;
  mapping: TaskMapping;
  defaultProjectId: string;
  errors: RowError[];
  invalidRows: number;
}

/** The first step again, with what is wrong with the file. */
export interface ImportUpload {
  step: "upload";
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  line?: number;
}

export function importPreview(
  file: { content: string; columns: string[]; rows: Array<Record<string, string>> },
  fileName: string,
  mapping: TaskMapping,
  defaultProjectId: string,
  problems: { errors: RowError[]; invalidRows: number } = { errors: [], invalidRows: 0 },
): ImportPreview {
  return {
    step: "preview",
    fileName,
    content: file.content,
    columns: file.columns,
    rows: file.rows.slice(0, PREVIEW_ROWS),
    totalRows: file.rows.length,
    mapping,
    defaultProjectId,
    ...problems,
  };
}
