/**
 * What a webhook delivery or an imported row must look like before it reaches the pipeline. Both check
 * every item first and store nothing when one is wrong, so the sender learns every problem at once.
 * Issue messages are machine codes (`ITEM_PROBLEMS`); the webhook answers them in English, the import
 * page in the reader's language.
 */
import { z } from "zod";
import { mapInSlices } from "~/lib/slices";
import { ITEM_FIELDS, type ItemField } from "./import-fields.ts";
import { LANGUAGES } from "./language.ts";

/** Every problem an item can have, in the words the webhook answers with. */
export const ITEM_PROBLEMS = {
  not_text: "must be a string",
  not_object: "must be an object",
  too_long: "is too long",
  bad_url: "must be an absolute http(s) URL",
  bad_date: "must be a date (ISO 8601, DD.MM.YYYY or a Unix time)",
  date_range: "must be after 1990-01-01 and not more than a day ahead",
  bad_language: `must be one of ${LANGUAGES.join(", ")}`,
  bad_number: "must be a whole number, 0 or more",
  bad_tags: "must be a list of at most 20 words of up to 50 characters",
  no_text: "(or title) is required",
} as const;
export type ItemProblem = keyof typeof ITEM_PROBLEMS;

const MAX_EXTERNAL_ID = 500;
const MAX_URL = 2_000;
const MAX_REACH = 2_147_483_647;
const EARLIEST = Date.UTC(1990, 0, 1);
const FUTURE_SLACK_MS = 86_400_000;

const pad = (value: string | undefined) => Number(value ?? 0);

function utc(year: string, month: string, day: string, hour?: string, minute?: string, second?: string) {
  const date = new Date(Date.UTC(pad(year), pad(month) - 1, pad(day), pad(hour), pad(minute), pad(second)));
  // Date.UTC rolls 31.02 over into March: a date that does not exist comes back different.
  const exists = date.getUTCDate() === pad(day) && date.getUTCMonth() === pad(month) - 1;
  return exists && pad(hour) < 24 && pad(minute) < 60 && pad(second) < 60 ? date : null;
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?)?\s*(Z|([+-])(\d{2}):?(\d{2}))?$/i;
const DOTTED = /^(\d{1,2})[./](\d{1,2})[./](\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const RFC_2822 = /^(?:[a-z]{3},\s*)?\d{1,2}\s+[a-z]{3}\s+\d{4}\s+\d{2}:\d{2}(?::\d{2})?\s+(?:[+-]\d{4}|gmt|ut|z)$/i;

/**
 * A publication time as senders and spreadsheets write it: ISO 8601 (without an offset it is UTC),
 * `DD.MM.YYYY` or `DD/MM/YYYY` with an optional `HH:mm[:ss]` (UTC), RFC 2822 (feeds), or a Unix time in
 * seconds or milliseconds. Anything else is null.
 */
export function parsePublishedAt(value: string | number): Date | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    return new Date(value < 1e11 ? value * 1000 : value);
  }
  const text = value.trim();
  if (/^\d{9,10}$|^\d{12,13}$/.test(text)) return parsePublishedAt(Number(text));
  const iso = ISO.exec(text);
  if (iso) {
    const date = utc(iso[1]!, iso[2]!, iso[3]!, iso[4], iso[5], iso[6]);
    if (!date || !iso[8]) return date;
    const offsetMs = (pad(iso[9]) * 60 + pad(iso[10])) * 60_000;
    return new Date(date.getTime() + (iso[8] === "-" ? offsetMs : -offsetMs));
  }
  const dotted = DOTTED.exec(text);
  if (dotted) return utc(dotted[3]!, dotted[2]!, dotted[1]!, dotted[4], dotted[5], dotted[6]);
  if (RFC_2822.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

const isHttpUrl = (value: string) => {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "http:" || protocol === "https:";
};

const optionalText = z.string({ error: "not_text" }).nullish();

/** One item: every field optional but text or title; an unknown field is ignored. */
export const itemSchema = z
  .object(
    {
      externalId: z
        .union([z.string(), z.number().transform(String)], { error: "not_text" })
        .pipe(z.string().max(MAX_EXTERNAL_ID, { error: "too_long" }))
        .nullish(),
      url: z
        .string({ error: "not_text" })
        .trim()
        .max(MAX_URL, { error: "too_long" })
        .refine((value) => value === "" || isHttpUrl(value), { error: "bad_url" })
        .nullish(),
      title: optionalText,
      text: optionalText,
      author: optionalText,
      publishedAt: z
        .union([z.string(), z.number()], { error: "bad_date" })
        .nullish()
        .transform((value, ctx) => {
          if (value === null || value === undefined || value === "") return null;
          const date = parsePublishedAt(value);
          if (!date) ctx.addIssue({ code: "custom", message: "bad_date" });
          else if (date.getTime() < EARLIEST || date.getTime() > Date.now() + FUTURE_SLACK_MS) {
            ctx.addIssue({ code: "custom", message: "date_range" });
          }
          return date;
        }),
      language: z.enum(LANGUAGES as [string, ...string[]], { error: "bad_language" }).nullish(),
      reach: z
        .number({ error: "bad_number" })
        .int({ error: "bad_number" })
        .min(0, { error: "bad_number" })
        .max(MAX_REACH, { error: "bad_number" })
        .nullish(),
      tags: z.array(z.string().max(50), { error: "bad_tags" }).max(20, { error: "bad_tags" }).nullish(),
    },
    { error: "not_object" },
  )
  .refine((item) => Boolean(item.text?.trim() || item.title?.trim()), { path: ["text"], error: "no_text" });

export type ValidItem = z.output<typeof itemSchema>;

export interface ItemError {
  /** 0-based position in the delivery or the file's rows. */
  index: number;
  /** The field at fault, or null for the item as a whole. */
  field: ItemField | null;
  problem: ItemProblem;
}

const problemOf = (message: string): ItemProblem => (message in ITEM_PROBLEMS ? (message as ItemProblem) : "not_text");

/**
 * All items checked: either every one valid, or every problem of every item (one per field). In slices that let
 * the event loop turn: an import checks 100 000 rows.
 */
export async function validateItems(
  items: readonly unknown[],
): Promise<{ ok: true; items: ValidItem[] } | { ok: false; errors: ItemError[] }> {
  const valid: ValidItem[] = [];
  const errors: ItemError[] = [];
  await mapInSlices(items, (raw, index) => {
    const parsed = itemSchema.safeParse(raw);
    if (parsed.success) {
      valid.push(parsed.data);
      return;
    }
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const field = ITEM_FIELDS.find((f) => f === key) ?? null;
      if (seen.has(String(field))) continue;
      seen.add(String(field));
      errors.push({ index, field, problem: problemOf(issue.message) });
    }
  });
  return errors.length ? { ok: false, errors } : { ok: true, items: valid };
}
