/**
 * Reading an uploaded CSV or JSON file into columns and rows, and guessing which column feeds which field:
 * what every import (a source's items, tasks) starts with. No database here.
 */
import { JSONParser } from "@streamparser/json";
import { parse as csvParser } from "csv-parse";
import { parse } from "csv-parse/sync";
import { giveWay, mapInSlices } from "./slices.ts";

export type ImportFormat = "csv" | "json";
export interface ImportTable {
  columns: string[];
  rows: Array<Record<string, unknown>>;
}

/** Why a file cannot be read at all (translated on the page as `imports:fileErrors.<code>`). */
export type FileProblem = "empty" | "bad_csv" | "bad_json" | "json_shape" | "no_rows" | "nul";

export class ImportFileError extends Error {
  readonly problem: FileProblem;
  /** The line of the file where a CSV stopped making sense, or that holds a NUL (a spreadsheet's row). */
  readonly line: number | undefined;

  constructor(problem: FileProblem, line?: number) {
    super(problem);
    this.problem = problem;
    this.line = line;
  }
}

/**
 * UTF-16 from its BOM, or without one from its zero bytes: Excel's "Unicode Text" has one in every
 * ASCII character (tabs, line breaks, digits), nearly all on odd offsets (little-endian) or on even ones.
 * A stray NUL in a UTF-8 file is too rare to look like that.
 */
function utf16Of(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  const sample = bytes.subarray(0, 4096);
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2) odd++;
    else even++;
  }
  const enough = Math.max(4, sample.length / 20);
  if (odd >= enough && even <= odd / 10) return "utf-16le";
  if (even >= enough && odd <= even / 10) return "utf-16be";
  return null;
}

/** Bytes decoded at a time: about a millisecond's work. */
const DECODE_SLICE = 1 << 20;

/** `bytes` decoded a slice at a time, the event loop turning before each; the decoder's error is thrown. */
async function decodeInSlices(decoder: TextDecoder, bytes: Uint8Array): Promise<string> {
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += DECODE_SLICE) {
    await giveWay();
    parts.push(decoder.decode(bytes.subarray(at, at + DECODE_SLICE), { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join("");
}

/**
 * The text of an upload: UTF-16 (see above), else UTF-8 when the bytes are valid UTF-8, else Windows-1251,
 * what Excel saves in Russian. A BOM is dropped. Decoded in slices: 10 MB hold the event loop for 5–25 ms.
 */
export async function decodeUpload(bytes: Uint8Array): Promise<string> {
  const utf16 = utf16Of(bytes);
  if (utf16) return decodeInSlices(new TextDecoder(utf16), bytes);
  try {
    return await decodeInSlices(new TextDecoder("utf-8", { fatal: true }), bytes);
  } catch {
    return decodeInSlices(new TextDecoder("windows-1251"), bytes);
  }
}

export function formatOf(fileName: string, content: string): ImportFormat {
  if (/\.json$/i.test(fileName)) return "json";
  if (/\.(csv|tsv|txt)$/i.test(fileName)) return "csv";
  return /^\s*[[{]/.test(content) ? "json" : "csv";
}

/** The delimiter that splits the header line most: comma, semicolon (Excel in many locales) or tab. */
function detectDelimiter(content: string): string {
  const header = content.split(/\r?\n/, 1)[0] ?? "";
  const outsideQuotes = header.replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((d) => [d, outsideQuotes.split(d).length - 1] as const);
  const [best] = counts.sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ",";
}

/** Header names made usable as column keys: blanks named by position, repeats numbered. */
function columnNames(header: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((raw, i) => {
    const name = raw.trim() || `#${i + 1}`;
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    return times === 1 ? name : `${name} (${times})`;
  });
}

const csvOptions = (content: string) => ({
  bom: true,
  delimiter: detectDelimiter(content),
  relax_column_count: true,
  skip_empty_lines: true,
  trim: true,
});

function tableOf(records: string[][]): { columns: string[]; body: string[][] } {
  const [header, ...body] = records;
  if (!header) throw new ImportFileError("empty");
  return { columns: columnNames(header), body };
}

const rowOf = (columns: string[], record: string[]) => Object.fromEntries(columns.map((c, i) => [c, record[i] ?? ""]));

function readCsv(content: string): ImportTable {
  let records: string[][];
  try {
    records = parse(content, csvOptions(content)) as string[][];
  } catch (error) {
    throw new ImportFileError("bad_csv", (error as { lines?: number }).lines);
  }
  const { columns, body } = tableOf(records);
  return { columns, rows: body.map((record) => rowOf(columns, record)) };
}

/** Characters the CSV parser takes at a time (then up to the next line break): a few milliseconds' work. */
const CSV_SLICE = 32_768;

/**
 * The CSV parser fed a slice at a time, the event loop turning in between; stops once it has `limit` records.
 * (csv-parse's parser is a stream: each write parses its slice at once and emits the records it completed.)
 */
async function parseCsvInSlices(content: string, limit: number): Promise<string[][]> {
  const records: string[][] = [];
  const parser = csvParser(csvOptions(content));
  parser.on("data", (record: string[]) => records.push(record));
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("end", resolve);
    parser.on("error", reject);
  });
  // Awaited below; until then a parse error must not count as unhandled.
  finished.catch(() => {});
  for (let at = 0; at < content.length && !parser.destroyed && records.length < limit; ) {
    // A turn first: the file's decoding and checks ran in this one.
    await giveWay();
    // Cut after a line break, so no character (a surrogate pair) is split between slices.
    const cut = content.indexOf("\n", at + CSV_SLICE);
    const next = cut < 0 ? content.length : cut + 1;
    parser.write(content.slice(at, next));
    at = next;
  }
  if (records.length >= limit) return records.slice(0, limit);
  if (!parser.destroyed) parser.end();
  try {
    await finished;
  } catch (error) {
    throw new ImportFileError("bad_csv", (error as { lines?: number }).lines);
  }
  return records;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Characters the JSON parser takes at a time: a few milliseconds' work. */
const JSON_SLICE = 65_536;

/**
 * The rows of a JSON file: a top-level array of objects, or an object whose `items` is one (a BOM is dropped).
 * Parsed a slice at a time with the event loop turning in between, each row taken as the parser completes it.
 * Only the first `limit` rows are kept, but the whole file is read: the columns are the keys of every row, in
 * order of first appearance, and a file that is not JSON is refused whatever its first rows. As with
 * JSON.parse, a syntax error anywhere comes before a shape problem.
 */
async function parseJsonInSlices(content: string, limit: number): Promise<ImportTable> {
  // The rows are the top-level array's items, or else those of an `items` array (a top-level object).
  const wrapped = content.trimStart()[0] !== "[";
  const parser = new JSONParser({ paths: wrapped ? ["$.items.*", "$.items"] : ["$.*"], keepStack: false });
  const rows: ImportTable["rows"] = [];
  const columns = new Set<string>();
  let listFound = !wrapped;
  let misshapen = false;
  parser.onValue = ({ value, parent, stack }) => {
    if (wrapped && stack.length === 1) {
      listFound = Array.isArray(value);
    } else if (Array.isArray(parent) && isPlainObject(value)) {
      for (const key of Object.keys(value)) columns.add(key);
      if (rows.length < limit) rows.push(value);
    } else {
      misshapen = true;
    }
  };
  try {
    // A high surrogate at a slice's end waits in the parser for the low one that follows.
    for (let at = content.charCodeAt(0) === 0xfeff ? 1 : 0; at < content.length; at += JSON_SLICE) {
      await giveWay();
      parser.write(content.slice(at, at + JSON_SLICE));
    }
    if (!parser.isEnded) parser.end();
  } catch {
    throw new ImportFileError("bad_json");
  }
  if (misshapen || !listFound) throw new ImportFileError("json_shape");
  return { columns: [...columns], rows };
}

function checkContent(content: string) {
  if (!content.trim()) throw new ImportFileError("empty");
  // No database text column can hold a NUL: name its line, which is the row a spreadsheet shows.
  const nul = content.indexOf("\0");
  if (nul >= 0) throw new ImportFileError("nul", content.slice(0, nul).split("\n").length);
}

/** Columns and rows of a small CSV file (a task list); ImportFileError when it cannot be read or holds no rows. */
export function readCsvTable(content: string): ImportTable {
  checkContent(content);
  const table = readCsv(content);
  if (table.rows.length === 0) throw new ImportFileError("no_rows");
  return table;
}

/**
 * Columns and rows of a source's import, CSV or JSON (up to 10 MB, 100 000 rows and more): the file is parsed
 * and turned into rows in slices that let the event loop turn, so the server keeps answering while it reads.
 * With `limit`, only the first rows (a preview): a CSV stops there, a JSON file is read to its end for its
 * columns.
 */
export async function readTableInSlices(
  format: ImportFormat,
  content: string,
  limit = Number.POSITIVE_INFINITY,
): Promise<ImportTable> {
  checkContent(content);
  let table: ImportTable;
  if (format === "csv") {
    const { columns, body } = tableOf(await parseCsvInSlices(content, limit + 1));
    table = { columns, rows: await mapInSlices(body, (record) => rowOf(columns, record)) };
  } else {
    table = await parseJsonInSlices(content, limit);
  }
  if (table.rows.length === 0) throw new ImportFileError("no_rows");
  return table;
}

const fold = (name: string) =>
  name
    .toLowerCase()
    .replace(/['’`ʼʻ‘]/g, "ʼ")
    .replace(/[\s_.-]+/g, " ")
    .trim();

/**
 * The mapping a file's header suggests for any import: each field, in order, takes the first column not yet
 * taken that is known by the field's own name or one of its aliases.
 */
export function guessColumns<F extends string>(
  columns: readonly string[],
  fields: readonly F[],
  aliases: Record<F, readonly string[]>,
): Partial<Record<F, string>> {
  const mapping: Partial<Record<F, string>> = {};
  const taken = new Set<string>();
  for (const field of fields) {
    const names = new Set([fold(field), ...aliases[field].map(fold)]);
    const column = columns.find((c) => !taken.has(c) && names.has(fold(c)));
    if (column) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  return mapping;
}
