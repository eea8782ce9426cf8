// What the feed's and a mention's forms may ask for: a change (read, star, archive, sentiment, tag, untag) or
// a task about the mention. Routes read forms with these; the translation keys say what was refused.
import { z } from "zod";
import { SENTIMENTS } from "~/db/mention-model";
import { freeText } from "~/lib/form-rules";
import { MAX_TAG } from "./feed";

const tag = freeText().pipe(z.string().min(1).max(MAX_TAG));

export const changeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["read", "unread", "star", "unstar", "archive", "unarchive"]) }),
  // A person's word on the sentiment: the pipeline never scores this mention again.
  z.object({ intent: z.literal("sentiment"), sentiment: z.enum(SENTIMENTS) }),
  z.object({ intent: z.enum(["tag", "untag"]), tag }),
]);
export type Change = z.infer<typeof changeSchema>;

/** Why a change was refused: a tag that is empty or too long, or a form that is not one of ours. */
export const refusedChange = (intent: unknown) => (intent === "tag" ? "messages:bulk.badTag" : "tables:bulk.invalid");

export const taskSchema = z.object({
  title: freeText().pipe(z.string().min(1, "messages:task.titleRequired").max(200, "messages:task.titleTooLong")),
  /** One of the mention's projects (anything else: its first one). */
  projectId: z.string().optional(),
});
export type TaskInput = z.infer<typeof taskSchema>;
