// Tasks as CSV: the export of the list's current filter, and the import (ADR 031) that checks every row
// before storing any, so a file with one bad row stores nothing.
import { stringify } from "csv-stringify/sync";
import type { Services } from "~/core/context.server";
import { isDay, today } from "~/core/period";
import type { Reader } from "~/core/reader";
import { tasks } from "~/db/schema";
import { CSV_OPTIONS } from "~/lib/csv.server";
import { createFormatter } from "~/lib/format";
import { decodeUpload, guessColumns, ImportFileError, readCsvTable } from "~/lib/upload-table";
import { MAX_TASK_IMPORT_BYTES, type RowError, TASK_FIELDS, type TaskField, type TaskMapping } from "./import-fields";
import { MAX_DESCRIPTION, MAX_LABEL, MAX_TITLE, TASK_PRIORITIES, TASK_STATUSES, type TasksTableState } from "./list";
import { mentionIdIn, type TaskInput } from "./schemas";
import {
  everyone,
  isMember,
  listTasks,
  type MembersOf,
  type People,
  type ProjectChoice,
  taskProjectChoices,
  visibleMentionIds,
} from "./tasks.server";

/** The export's header, which the import recognises as it is. */
const HEADER: Record<TaskField, string> = {
  title: "title",
  description: "description",
  status: "status",
  priority: "priority",
  label: "label",
  assignee: "assignee",
  due: "due_date",
  project: "project",
  mention: "mention_id",
};

const MAX_EXPORT_ROWS = 10_000;
export const MAX_IMPORT_ROWS = 2_000;

/**
 * The tasks matching the list's state (search, filters, sort; all pages) as CSV, times in the reader's zone,
 * named after the reader's today. `people`: the members of the reader's projects, for the assignees' e-mails.
 */
export async function tasksCsv(services: Services, reader: Reader, state: TasksTableState, people: People) {
  const emails = new Map(everyone(people).map((m) => [m.id, m.email]));
  const { rows } = await listTasks(services, reader, { ...state, page: 1, pageSize: MAX_EXPORT_ROWS }, [
    ...emails.keys(),
  ]);
  const format = createFormatter({
    locale: "en",
    timeZone: reader.timeZone,
    use12Hour: false,
    dateFormat: "iso",
    showRelativeTime: false,
  });
  const body = rows.map((task) => [
    task.title,
    task.description ?? "",
    task.status,
    task.priority,
    task.label ?? "",
    task.assigneeId ? (emails.get(task.assigneeId) ?? "") : "",
    task.dueDate ?? "",
    task.projectName ?? "",
    task.messageId ?? "",
    format.dateTime(task.createdAt),
    format.dateTime(task.updatedAt),
  ]);
  const csv = stringify([[...TASK_FIELDS.map((f) => HEADER[f]), "created_at", "updated_at"], ...body], CSV_OPTIONS);
  return { csv, fileName: `tasks-${today(reader.timeZone)}.csv` };
}

/** Why a file cannot be imported at all (translated as `tasks:import.fileErrors.<code>`). */
export type TaskFileProblem = ImportFileError["problem"] | "too_large" | "encoding" | "too_many_rows";

export interface TaskFile {
  content: string;
  columns: string[];
  rows: Array<Record<string, string>>;
}

// Header names each field is known by besides its own, in the four languages.
const ALIASES: Record<TaskField, string[]> = {
  title: ["name", "task", "subject", "задача", "название", "заголовок", "vazifa", "sarlavha", "вазифа", "сарлавҳа"],
  description: ["details", "notes", "описание", "tavsif", "тавсиф"],
  status: ["state", "статус", "состояние", "holat", "ҳолат"],
  priority: ["приоритет", "ustuvorlik", "устуворлик"],
  label: ["tag", "category", "метка", "ярлык", "yorliq", "ёрлиқ"],
  assignee: ["assigned to", "owner", "исполнитель", "ответственный", "ijrochi", "ижрочи"],
  due: ["due date", "due_date", "deadline", "срок", "muddat", "муддат"],
  project: ["проект", "loyiha", "лойиҳа"],
  mention: ["mention_id", "mention id", "message", "упоминание", "eslatma", "эслатма"],
};

/** An upload read into columns and rows; the problem when it cannot be. Dates and text are as in the file. */
export async function readTaskFile(bytes: Uint8Array): Promise<TaskFile | { problem: TaskFileProblem; line?: number }> {
  if (bytes.byteLength > MAX_TASK_IMPORT_BYTES) return { problem: "too_large" };
  return readTaskCsv(await decodeUpload(bytes));
}

/** Control characters no text file has (tabs and line breaks aside; a NUL is refused with its row by readCsvTable). */
const CONTROL = /(?![\0\t\n\r\f\v])\p{Cc}/u;

/** The same, from the text the preview's form carried back. */
export function readTaskCsv(content: string): TaskFile | { problem: TaskFileProblem; line?: number } {
  // Binary files decode to text full of control characters: not a CSV we can read.
  if (CONTROL.test(content)) return { problem: "encoding" };
  try {
    const table = readCsvTable(content);
    if (table.rows.length > MAX_IMPORT_ROWS) return { problem: "too_many_rows" };
    return { content, columns: table.columns, rows: table.rows as Array<Record<string, string>> };
  } catch (error) {
    if (error instanceof ImportFileError) return { problem: error.problem, line: error.line };
    throw error;
  }
}

export function guessTaskMapping(columns: readonly string[]): TaskMapping {
  return guessColumns(columns, TASK_FIELDS, { ...ALIASES, due: [HEADER.due, ...ALIASES.due] });
}

/** The export's quote before a formula-like cell, taken off again. */
const unneutralise = (cell: string) => cell.replace(/^'(?=[=+\-@\t\r])/, "");

/** "in progress", "In-Progress" → in_progress. */
const keyOf = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** 2026-12-31 or 31.12.2026 (as spreadsheets in our languages write it) → 2026-12-31. */
function dayOf(value: string): string | null {
  const dotted = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(value);
  const day = dotted ? `${dotted[3]}-${dotted[2]?.padStart(2, "0")}-${dotted[1]?.padStart(2, "0")}` : value;
  return isDay(day) ? day : null;
}

interface RowContext {
  projects: ProjectChoice[];
  people: People;
  defaultProjectId: string | null;
  mentionIds: Set<string>;
}

/** One row as a task, or what is wrong with it. */
function rowToTask(
  row: Record<string, string>,
  mapping: TaskMapping,
  ctx: RowContext,
): { task: TaskInput } | { errors: Array<[TaskField, string]> } {
  const cell = (field: TaskField) => {
    const column = mapping[field];
    return column ? unneutralise((row[column] ?? "").trim()) : "";
  };
  const errors: Array<[TaskField, string]> = [];
  const title = cell("title");
  if (!title) errors.push(["title", "required"]);
  else if (title.length > MAX_TITLE) errors.push(["title", "tooLong"]);
  const description = cell("description");
  if (description.length > MAX_DESCRIPTION) errors.push(["description", "tooLong"]);
  const status = keyOf(cell("status") || "todo");
  if (!(TASK_STATUSES as readonly string[]).includes(status)) errors.push(["status", "invalid"]);
  const priority = keyOf(cell("priority") || "medium");
  if (!(TASK_PRIORITIES as readonly string[]).includes(priority)) errors.push(["priority", "invalid"]);
  const label = cell("label");
  if (label.length > MAX_LABEL) errors.push(["label", "tooLong"]);
  const dueText = cell("due");
  const dueDate = dueText ? dayOf(dueText) : null;
  if (dueText && !dueDate) errors.push(["due", "invalid"]);
  const projectText = cell("project");
  const project = projectText
    ? ctx.projects.find((p) => p.id === projectText || p.name.toLowerCase() === projectText.toLowerCase())
    : ctx.projects.find((p) => p.id === ctx.defaultProjectId);
  if (!project) errors.push(["project", projectText ? "unknown" : "required"]);
  const email = cell("assignee").toLowerCase();
  const assignee = email ? everyone(ctx.people).find((m) => m.email.toLowerCase() === email) : undefined;
  if (email && project && !(assignee && isMember(ctx.people, project.id, assignee.id))) {
    errors.push(["assignee", "notMember"]);
  }
  const mentionText = cell("mention");
  const messageId = mentionIdIn(mentionText);
  if (mentionText && !ctx.mentionIds.has(messageId)) errors.push(["mention", "invalid"]);
  if (errors.length || !project) return { errors };
  return {
    task: {
      title,
      description: description || null,
      status: status as TaskInput["status"],
      priority: priority as TaskInput["priority"],
      label: label || null,
      assigneeId: assignee?.id ?? null,
      dueDate,
      projectId: project.id,
      messageId: messageId || null,
    },
  };
}

const MAX_ROW_ERRORS = 100;

/**
 * Checks every row of a file against the reader's projects, their members and the mentions the reader sees.
 * Either all rows as tasks, or the rows' problems (the first hundred) and how many rows have one.
 */
export async function checkTaskRows(
  services: Services,
  reader: Reader,
  file: TaskFile,
  mapping: TaskMapping,
  defaultProjectId: string | null,
  membersOf: MembersOf,
): Promise<{ ok: true; tasks: TaskInput[] } | { ok: false; errors: RowError[]; invalidRows: number }> {
  if (!mapping.title) return { ok: false, errors: [{ row: 1, field: "title", problem: "unmapped" }], invalidRows: 0 };
  const projects = await taskProjectChoices(services, reader);
  const people = await membersOf(projects.map((p) => p.id));
  const mentionIds = await visibleMentionIds(
    services,
    reader,
    file.rows.map((row) => mentionIdIn(mapping.mention ? (row[mapping.mention] ?? "") : "")),
  );
  const ctx = { projects, people, defaultProjectId, mentionIds };
  const found: TaskInput[] = [];
  const errors: RowError[] = [];
  let invalidRows = 0;
  for (const [i, row] of file.rows.entries()) {
    const result = rowToTask(row, mapping, ctx);
    if ("task" in result) {
      found.push(result.task);
      continue;
    }
    invalidRows++;
    for (const [field, problem] of result.errors) {
      if (errors.length < MAX_ROW_ERRORS) errors.push({ row: i + 2, field, problem });
    }
  }
  return invalidRows ? { ok: false, errors, invalidRows } : { ok: true, tasks: found };
}

/** Stores the checked tasks in one transaction: all of them or, on any failure, none. */
export async function importTasks({ db }: Services, reader: Reader, inputs: TaskInput[]): Promise<number> {
  if (inputs.length === 0) return 0;
  await db.transaction(async (tx) => {
    await tx.insert(tasks).values(inputs.map((input) => ({ ...input, createdBy: reader.id })));
  });
  return inputs.length;
}
