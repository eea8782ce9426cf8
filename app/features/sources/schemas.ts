import { z } from "zod";
import { SOURCE_TYPES, type SourceType } from "~/db/mention-model";
import { LANGUAGES } from "~/i18n/config";
import { freeText } from "~/lib/form-rules";

export { SOURCE_TYPES, type SourceType };
export const SOURCE_STATUSES = ["active", "paused", "failing"] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

/** What each type is read from: a URL (feeds, sitemaps), a Telegram handle, or nothing (pushed or imported). */
export const SOURCE_ADDRESS: Record<SourceType, "url" | "handle" | null> = {
  rss: "url",
  atom: "url",
  telegram: "handle",
  website: "url",
  webhook: null,
  manual: null,
};

/** Types the collector polls: only these have an interval and a "Fetch now". */
export const isPolled = (type: SourceType) => SOURCE_ADDRESS[type] !== null;

/** Poll intervals offered in the form, in minutes (5 minutes to 24 hours). */
export const POLL_INTERVALS = [5, 10, 15, 30, 60, 120, 240, 360, 720, 1440] as const;
export const DEFAULT_POLL_INTERVAL = 15;

/**
 * Adding or editing a source. The address field that counts follows the type; whether a URL's host
 * is public is checked on the server after this (it needs DNS).
 */
export const sourceSchema = z
  .object({
    type: z.enum(SOURCE_TYPES, { error: "sources:errors.typeInvalid" }),
    name: freeText().min(1, { error: "sources:errors.nameRequired" }).max(120, { error: "sources:errors.nameTooLong" }),
    url: freeText()
      .max(2000, { error: "sources:errors.urlTooLong" })
      .refine((url) => url === "" || isHttpUrl(url), { error: "sources:errors.urlInvalid" })
      .optional(),
    handle: freeText().max(200, { error: "sources:errors.handleInvalid" }).optional(),
    language: z
      .union([z.enum(LANGUAGES), z.literal("")], { error: "sources:errors.languageInvalid" })
      .optional()
      .transform((v) => v || null),
    pollIntervalMinutes: z.coerce
      .number({ error: "sources:errors.intervalInvalid" })
      .int({ error: "sources:errors.intervalInvalid" })
      .min(5, { error: "sources:errors.intervalInvalid" })
      .max(1440, { error: "sources:errors.intervalInvalid" })
      .default(DEFAULT_POLL_INTERVAL),
  })
  .superRefine(
    (input, ctx) => {
      const address = SOURCE_ADDRESS[input.type];
      if (address === "url") {
        if (!input.url) ctx.addIssue({ code: "custom", path: ["url"], message: "sources:errors.urlRequired" });
      }
      if (address === "handle" && !input.handle) {
        ctx.addIssue({ code: "custom", path: ["handle"], message: "sources:errors.handleRequired" });
      }
    },
    // Also when another field is wrong, so every missing address is reported at once.
    { when: () => true },
  );

export type SourceInput = z.output<typeof sourceSchema>;

function isHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Deleting takes the source's name typed again; without it the server refuses. */
export function deleteSchema(name: string) {
  return z.object({
    confirm: z
      .string()
      .trim()
      .refine((typed) => typed === name, { error: "sources:errors.confirmName" }),
  });
}

/** What a source's row or page can ask for besides editing: pause, resume, "Fetch now". */
export const SOURCE_ACTIONS = ["pause", "resume", "fetch"] as const;
export type SourceAction = (typeof SOURCE_ACTIONS)[number];

export const sourceActionSchema = z.object({ intent: z.enum(SOURCE_ACTIONS), id: z.string() });
