/**
 * Imports into a manual source, in two steps (ADR 022): an upload is read and kept in `source_imports`
 * with a guessed mapping and nothing else stored (status `preview`); confirming queues "run-import",
 * which checks every row first (one bad row: `failed`, nothing stored) and then feeds the pipeline in
 * batches, counting `processed_rows` as it goes.
 */
import { and, eq } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { isUuid, newestRows } from "~/core/sql.server";
import { sourceImports, sources } from "~/db/schema";
import { mapInSlices } from "~/lib/slices";
import { decodeUpload, formatOf, ImportFileError, type ImportFormat, readTableInSlices } from "~/lib/upload-table";
import { ITEM_FIELDS, MAX_IMPORT_BYTES } from "./import-fields.ts";
import { guessMapping, type ImportMapping, rowToItem } from "./import-file.ts";
import { ingest } from "./ingest.server.ts";
import { validateItems } from "./item-schema.ts";

export const PREVIEW_ROWS = 5;
const BATCH = 500;
/** Row errors kept for the page; a file wrong throughout says so in its first ones. */
const MAX_ROW_ERRORS = 200;

export type ImportRow = typeof sourceImports.$inferSelect;

/** A manual source by id, or null (unknown, malformed id, or another type: only manual sources import). */
export async function manualSource({ db }: Services, sourceId: string) {
  if (!isUuid(sourceId)) return null;
  const [source] = await db
    .select({ id: sources.id, name: sources.name, type: sources.type })
    .from(sources)
    .where(eq(sources.id, sourceId));
  return source?.type === "manual" ? source : null;
}

/** Reads an upload and keeps it for preview; the problem when the file cannot be read. */
export async function createImport(
  { db }: Services,
  sourceId: string,
  file: { name: string; bytes: Uint8Array },
  userId: string,
): Promise<{ id: string } | { problem: ImportFileError["problem"] | "too_large"; line?: number }> {
  if (file.bytes.byteLength > MAX_IMPORT_BYTES) return { problem: "too_large" };
  const content = await decodeUpload(file.bytes);
  const format = formatOf(file.name, content);
  let columns: string[];
  let totalRows: number;
  try {
    const table = await readTableInSlices(format, content);
    columns = table.columns;
    totalRows = table.rows.length;
  } catch (error) {
    if (error instanceof ImportFileError) return { problem: error.problem, line: error.line };
    throw error;
  }
  const [row] = await db
    .insert(sourceImports)
    .values({
      sourceId,
      fileName: file.name.slice(0, 200) || "upload",
      format,
      content,
      mapping: guessMapping(columns),
      totalRows,
      createdBy: userId,
    })
    .returning({ id: sourceImports.id });
  return { id: (row as { id: string }).id };
}

export async function findImport({ db }: Services, sourceId: string, importId: string): Promise<ImportRow | null> {
  if (!isUuid(importId)) return null;
  const [row] = await db
    .select()
    .from(sourceImports)
    .where(and(eq(sourceImports.id, importId), eq(sourceImports.sourceId, sourceId)));
  return row ?? null;
}

export async function recentImports({ db }: Services, sourceId: string, limit = 10) {
  return newestRows(
    db,
    sourceImports,
    {
      id: sourceImports.id,
      fileName: sourceImports.fileName,
      status: sourceImports.status,
      totalRows: sourceImports.totalRows,
      createdAt: sourceImports.createdAt,
    },
    { owner: sourceImports.sourceId, id: sourceId, at: sourceImports.createdAt, limit },
  );
}

/** The columns and first rows of a file waiting for confirmation. */
export async function previewOf(row: Pick<ImportRow, "format" | "content">) {
  const { columns, rows } = await readTableInSlices(row.format as ImportFormat, row.content ?? "", PREVIEW_ROWS);
  const cell = (value: unknown) =>
    value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  return { columns, rows: rows.map((r) => columns.map((c) => cell(r[c]))) };
}

/**
 * Confirms a previewed import with the mapping chosen on the page and queues it. Fails when a mapped
 * column is not in the file, or neither text nor title is mapped.
 */
export async function confirmImport(
  { db, jobs }: Services,
  row: ImportRow,
  chosen: Record<string, string>,
): Promise<{ ok: true } | { ok: false; problem: "not_preview" | "no_text_column" }> {
  if (row.status !== "preview" || row.content === null) return { ok: false, problem: "not_preview" };
  const { columns } = await readTableInSlices(row.format as ImportFormat, row.content, 1);
  const mapping: ImportMapping = {};
  for (const field of ITEM_FIELDS) {
    const column = chosen[field];
    if (column && columns.includes(column)) mapping[field] = column;
  }
  if (!mapping.text && !mapping.title) return { ok: false, problem: "no_text_column" };
  const [queued] = await db
    .update(sourceImports)
    .set({ mapping, status: "queued" })
    .where(and(eq(sourceImports.id, row.id), eq(sourceImports.status, "preview")))
    .returning({ id: sourceImports.id });
  if (!queued) return { ok: false, problem: "not_preview" };
  await jobs.send("run-import", { importId: row.id }, { singletonKey: row.id });
  return { ok: true };
}

/** Drops an upload that was never confirmed. */
export async function discardImport({ db }: Services, row: ImportRow) {
  await db.delete(sourceImports).where(and(eq(sourceImports.id, row.id), eq(sourceImports.status, "preview")));
}

/** What the pipeline made of an import so far; `resumedFrom`: the row a run cut off by its process resumed at. */
export type ImportTotals = { new: number; duplicate: number; matched: number; rejected: number; resumedFrom?: number };

/**
 * The "run-import" job. Takes a queued import, or a running one whose process died (the queue hands the job
 * out again once its heartbeats stop): that one resumes after the last batch it stored. A finished import
 * is left alone. `signal` fires when the queue takes the job back (a shutdown, lost heartbeats): the run
 * stops between batches and leaves the import to the next one.
 */
export async function runImport(services: Services, importId: string, signal?: AbortSignal) {
  const { db } = services;
  const [found] = await db
    .select({ status: sourceImports.status, processedRows: sourceImports.processedRows, result: sourceImports.result })
    .from(sourceImports)
    .where(eq(sourceImports.id, importId));
  if (found?.status !== "queued" && found?.status !== "running") return;
  const resumedFrom = found.status === "running" ? found.processedRows : 0;
  const stored = (resumedFrom ? found.result : null) as Partial<ImportTotals> | null;
  const totals: ImportTotals = {
    new: stored?.new ?? 0,
    duplicate: stored?.duplicate ?? 0,
    matched: stored?.matched ?? 0,
    rejected: stored?.rejected ?? 0,
    ...(resumedFrom ? { resumedFrom } : {}),
  };
  // Claimed only as it was read, so a finished import, or one another run moved on, is never run twice.
  const [row] = await db
    .update(sourceImports)
    .set({ status: "running", result: totals })
    .where(
      and(
        eq(sourceImports.id, importId),
        eq(sourceImports.status, found.status),
        eq(sourceImports.processedRows, found.processedRows),
      ),
    )
    .returning();
  if (!row) return;
  const finish = (values: Partial<ImportRow>) =>
    db
      .update(sourceImports)
      .set({ content: null, finishedAt: new Date(), ...values })
      .where(eq(sourceImports.id, importId));

  try {
    const { rows } = await readTableInSlices(row.format as ImportFormat, row.content ?? "");
    const checked = await validateItems(await mapInSlices(rows, (r) => rowToItem(r, row.mapping as ImportMapping)));
    if (!checked.ok) {
      // Row numbers as a spreadsheet shows them (the header is row 1); JSON items count from 1.
      const first = row.format === "csv" ? 2 : 1;
      const errors = checked.errors.slice(0, MAX_ROW_ERRORS).map(({ index, field, problem }) => ({
        row: index + first,
        message: `${field ?? "item"}.${problem}`,
      }));
      const invalidRows = new Set(checked.errors.map((e) => e.index)).size;
      await finish({ status: "failed", errors, result: { invalidRows, errorCount: checked.errors.length } });
      return;
    }
    // A batch stored just before its process died, but not yet counted, comes again and counts as duplicates.
    for (let start = resumedFrom; start < checked.items.length; start += BATCH) {
      if (signal?.aborted) return;
      const result = await ingest(services, row.sourceId, checked.items.slice(start, start + BATCH));
      totals.new += result.new;
      totals.duplicate += result.duplicate;
      totals.matched += result.matched;
      totals.rejected += result.rejected.length;
      const processedRows = Math.min(checked.items.length, start + BATCH);
      await db.update(sourceImports).set({ processedRows, result: totals }).where(eq(sourceImports.id, importId));
    }
    await finish({ status: "done", result: totals });
  } catch (error) {
    services.log.error({ err: error, importId }, "import failed");
    await finish({ status: "failed", errors: [{ row: 0, message: "item.crashed" }] });
  }
}
