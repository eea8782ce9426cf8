/**
 * A source's import (ADR 022): which column of an uploaded file (read by lib/upload-table) feeds which field
 * of an item, and a row as an item for the pipeline. No database here.
 */
import { guessColumns } from "~/lib/upload-table";
import { ITEM_FIELDS, type ItemField } from "./import-fields.ts";

/** Field → column of the file ("" or missing: not imported). */
export type ImportMapping = Partial<Record<ItemField, string>>;

// Header names each field is known by, in the four languages (compared lower-case, with _ - . and spaces alike).
const ALIASES: Record<ItemField, string[]> = {
  externalId: ["external id", "id", "guid", "uid", "post id", "идентификатор", "ид", "identifikator"],
  url: ["url", "link", "href", "permalink", "ссылка", "адрес", "havola", "ҳавола", "manzil", "манзил"],
  title: ["title", "headline", "subject", "заголовок", "название", "тема", "sarlavha", "сарлавҳа", "mavzu"],
  text: [
    "text",
    "body",
    "content",
    "message",
    "description",
    "текст",
    "сообщение",
    "содержание",
    "описание",
    "matn",
    "xabar",
    "матн",
    "хабар",
  ],
  author: ["author", "by", "byline", "автор", "muallif", "муаллиф"],
  publishedAt: [
    "published at",
    "published",
    "date",
    "datetime",
    "time",
    "created at",
    "timestamp",
    "дата",
    "время",
    "дата публикации",
    "опубликовано",
    "sana",
    "vaqt",
    "сана",
    "вақт",
    "eʼlon qilingan",
  ],
  language: ["language", "lang", "язык", "til", "тил"],
  reach: [
    "reach",
    "views",
    "impressions",
    "audience",
    "охват",
    "просмотры",
    "qamrov",
    "koʻrishlar",
    "қамров",
    "кўришлар",
  ],
  tags: ["tags", "tag", "labels", "теги", "метки", "teglar", "тэглар", "теглар"],
};

/** The mapping a file's header suggests for a source's items. */
export function guessMapping(columns: readonly string[]): ImportMapping {
  return guessColumns(columns, ITEM_FIELDS, ALIASES);
}

/** "1 200", "1,200" or 1200 → 1200; anything else ("1,5", "many") stays as it is for the schema to refuse. */
function toReach(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const digits = value.replace(/[\s\u00a0\u202f']/g, "");
  if (/^\d+$/.test(digits)) return Number(digits);
  return /^\d{1,3}(?:,\d{3})+$/.test(digits) ? Number(digits.replaceAll(",", "")) : value;
}

function toTags(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return value
    .split(/[,;|]/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** One row as an item: the mapped columns only, blank cells left out. */
export function rowToItem(row: Record<string, unknown>, mapping: ImportMapping): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const field of ITEM_FIELDS) {
    const column = mapping[field];
    if (!column) continue;
    let value = row[column];
    if (typeof value === "string") value = value.trim();
    if (value === "" || value === null || value === undefined) continue;
    item[field] = field === "reach" ? toReach(value) : field === "tags" ? toTags(value) : value;
  }
  return item;
}
