import { z } from "zod";
import { freeText } from "~/lib/form-rules";
import { MAX_DESCRIPTION, MAX_LABEL, MAX_TITLE, TASK_PRIORITIES, TASK_STATUSES } from "./list";

const UUID_IN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** A real calendar day written YYYY-MM-DD (what a date input sends). */
export function isCalendarDay(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

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
    .refine((v) => !v || isCalendarDay(v), { error: "tasks:errors.dueInvalid" })
    .transform((v) => v || null),
  projectId: z.uuid({ error: "tasks:errors.projectRequired" }),
  // A mention's id, or its link pasted from the address bar.
  messageId: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? (UUID_IN.exec(v)?.[0] ?? v) : ""))
    .pipe(z.union([z.uuid(), z.literal("")], { error: "tasks:errors.mentionInvalid" }).transform((v) => v || null)),
});
