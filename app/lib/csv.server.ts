// What every CSV export shares. Mention texts, authors, titles and source names come from outside: a cell
// beginning with =, +, -, @, a tab or a carriage return would run as a formula when the file is opened in a
// spreadsheet ("CSV injection"), so such text gets a leading apostrophe, which spreadsheets hide.

export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** csv-stringify's options for an export: a BOM so spreadsheet programs read Cyrillic right, and safe text. */
export const CSV_OPTIONS = { bom: true, cast: { string: neutralise } };
