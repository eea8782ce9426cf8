import { z } from "zod";
import { freeText } from "~/lib/form-rules";

export const SUPPORT_TOPICS = ["question", "problem", "sources", "account", "idea"] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];
export const MESSAGE_MAX = 3000;

/** The help center's "Contact support" form. */
export const supportRequestSchema = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: "help:support.errors.topic" }),
  message: freeText({ multiline: true })
    .min(10, { error: "help:support.errors.messageShort" })
    .max(MESSAGE_MAX, { error: "help:support.errors.messageLong" }),
  pageUrl: z
    .string()
    .trim()
    .max(500, { error: "help:support.errors.pageUrl" })
    .refine((v) => v === "" || z.url({ protocol: /^https?$/ }).safeParse(v).success, {
      error: "help:support.errors.pageUrl",
    })
    .optional()
    .transform((v) => v || null),
});

export type SupportRequestInput = z.output<typeof supportRequestSchema>;
