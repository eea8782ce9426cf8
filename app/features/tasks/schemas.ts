import { z } from "zod";
import { isDay } from "~/core/period";
import { freeText } from "~/lib/form-rules";
import { MAX_DESCRIPTION, MAX_LABEL, MAX_TITLE, TASK_PRIORITIES, TASK_STATUSES } from "./list";

/** The id in a mention's id or in its link pasted from the address bar (lower case), or "". */
export const mentionIdIn = (text: string) =>
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(text)?.[0]?.toLowerCase() ?? "";

const optionalId = (error: string) =>
  z
    .union([z.uuid({ error }), z.literal("")], { error })
    .optional()
    .transform((v) => v || null);

/** The task form (sheet and page): what is typed, checked; membership and scope are checked after. */
export const taskSchema = z.object({
  title: freeText()
    .min(1, { error: "tasks:errors.titleRequired" })
    .max(MAX_TITLE, { error: "tasks:errors.titleTooLong" }),
  description: freeText({ multiline: true })
    .max(MAX_DESCRIPTION, { error: "tasks:errors.descriptionTooLong" })
    .optional()
    .transform((v) => v || null),
  status: z.enum(TASK_STATUSES, { error: "tasks:errors.statusInvalid" }),
  priority: z.enum(TASK_PRIORITIES, { error: "tasks:errors.priorityInvalid" }),
  label: freeText()
    .max(MAX_LABEL, { error: "tasks:errors.labelTooLong" })
    .optional()
    .transform((v) => v || null),
  assigneeId: optionalId("tasks:errors.assigneeInvalid"),
  dueDate: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isDay(v), { error: "tasks:errors.dueInvalid" })
    .transform((v) => v || null),
  projectId: z.uuid({ error: "tasks:errors.projectRequired" }),
  messageId: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? mentionIdIn(v) || v : ""))
    .pipe(z.union([z.uuid(), z.literal("")], { error: "tasks:errors.mentionInvalid" }).transform((v) => v || null)),
});
export type TaskInput = z.output<typeof taskSchema>;

/** A board card moved to another column (its status menu without JavaScript, a drag or a key with it). */
export const moveSchema = z.object({ id: z.uuid(), status: z.enum(TASK_STATUSES) });

/** What a bulk change sets: the value its intent needs (a status, a priority, a person or "nobody"). */
export const bulkChangeSchema = z.union([
  z.object({ intent: z.literal("status"), status: z.enum(TASK_STATUSES) }),
  z.object({ intent: z.literal("priority"), priority: z.enum(TASK_PRIORITIES) }),
  z
    .object({ intent: z.literal("assign"), assignee: z.union([z.uuid(), z.literal("nobody")]) })
    .transform(({ intent, assignee }) => ({ intent, assigneeId: assignee === "nobody" ? null : assignee })),
  z.object({ intent: z.literal("delete") }),
]);
export type BulkChange = z.output<typeof bulkChangeSchema>;
