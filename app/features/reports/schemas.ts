import { z } from "zod";
import { customPeriodError } from "~/core/period";
import { MAX_TOP_MENTIONS, REPORT_PERIODS, REPORT_SCHEDULES, REPORT_SECTIONS } from "~/db/report-model";
import { LANGUAGES } from "~/i18n/config";
import { freeText } from "~/lib/form-rules";

/** One value or several (a field sent once is a string, several times an array), each once. */
const manyOf = <T extends z.ZodType>(item: T, error: string) =>
  z
    .union([item, z.array(item)], { error })
    .optional()
    .transform((v) => [...new Set(v === undefined ? [] : Array.isArray(v) ? v : [v])] as Array<z.output<T>>);

/** Each section's position field (`position.kpis`…): a number, or empty for its place in the default order. */
const positions = Object.fromEntries(
  REPORT_SECTIONS.map((id) => [
    `position.${id}`,
    z.union([z.literal(""), z.coerce.number().int().min(1).max(99)], { error: "reports:errors.position" }).optional(),
  ]),
) as unknown as Record<`position.${(typeof REPORT_SECTIONS)[number]}`, z.ZodOptional<z.ZodType<"" | number>>>;

export const createReportSchema = z
  .object({
    projectId: z.uuid({ error: "reports:errors.projectRequired" }),
    period: z.enum(REPORT_PERIODS, { error: "reports:errors.periodRequired" }),
    from: z.string().optional(),
    to: z.string().optional(),
    title: freeText().max(120, { error: "reports:errors.titleTooLong" }).optional(),
    language: z.enum(LANGUAGES, { error: "reports:errors.languageInvalid" }),
    sections: manyOf(z.enum(REPORT_SECTIONS), "reports:errors.sectionsInvalid").refine((chosen) => chosen.length > 0, {
      error: "reports:errors.sectionsRequired",
    }),
    ...positions,
    topMentionsCount: z.coerce
      .number({ error: "reports:errors.topMentionsCount" })
      .int({ error: "reports:errors.topMentionsCount" })
      .min(1, { error: "reports:errors.topMentionsCount" })
      .max(MAX_TOP_MENTIONS, { error: "reports:errors.topMentionsCount" }),
    topMentionIds: manyOf(z.uuid(), "reports:errors.mentionsInvalid").pipe(
      z.array(z.string()).max(MAX_TOP_MENTIONS, { error: "reports:errors.tooManyMentions" }),
    ),
    notes: freeText({ multiline: true })
      .max(5000, { error: "reports:errors.notesTooLong" })
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((input, ctx) => {
    if (input.period !== "custom") return;
    const error = customPeriodError(input.from ?? null, input.to ?? null);
    if (error) ctx.addIssue({ code: "custom", path: ["from"], message: `reports:errors.period.${error}` });
  })
  .transform(({ sections, ...input }) => {
    // Chosen sections by their position, ties (and blanks) in the default order.
    const rank = (id: (typeof REPORT_SECTIONS)[number]) => {
      const position = input[`position.${id}`];
      return typeof position === "number" ? position : REPORT_SECTIONS.indexOf(id) + 1;
    };
    const ordered = REPORT_SECTIONS.filter((id) => sections.includes(id)).sort((a, b) => rank(a) - rank(b));
    return {
      projectId: input.projectId,
      period: input.period,
      custom: input.period === "custom" ? { from: input.from as string, to: input.to as string } : null,
      title: input.title || null,
      language: input.language,
      sections: ordered,
      topMentionsCount: input.topMentionsCount,
      topMentionIds: input.topMentionIds,
      notes: input.notes,
    };
  });

export type CreateReportInput = z.output<typeof createReportSchema>;

export const scheduleSchema = z.object({
  schedule: z.enum(REPORT_SCHEDULES, { error: "reports:errors.scheduleInvalid" }),
  subscriberIds: manyOf(z.uuid(), "reports:errors.subscribersInvalid"),
});

export type ScheduleInput = z.output<typeof scheduleSchema>;
