import { z } from "zod";
import { LANGUAGES } from "~/i18n/config";
import { freeText } from "~/lib/form-rules";

export const WEBHOOK_FORMATS = ["slack", "json"] as const;

export const webhookSchema = z.object({
  url: freeText()
    .min(1, { error: "projects:webhooks.errors.urlRequired" })
    .max(2000, { error: "projects:webhooks.errors.urlTooLong" }),
  format: z.enum(WEBHOOK_FORMATS, { error: "projects:webhooks.errors.format" }),
  language: z.enum(LANGUAGES, { error: "projects:webhooks.errors.language" }),
});
export type WebhookInput = z.infer<typeof webhookSchema>;

const CHOICE = /^[0-9a-f-]{36}:(volume|negative|reports)$/;

/** Settings → Notifications' Telegram table: each ticked box sends "<projectId>:<kind>". */
export const telegramChoicesSchema = z
  .object({
    choice: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  })
  .refine(({ choice }) => choice.every((c) => CHOICE.test(c)), { error: "forms:errors.invalid" })
  .transform(({ choice }) => new Set(choice));
