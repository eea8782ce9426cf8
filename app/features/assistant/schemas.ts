import { z } from "zod";
import { freeText } from "~/lib/form-rules";
import { QUESTION_LENGTH, TITLE_LENGTH } from "./limits";

/** `mode`: `stream` when the page (with JavaScript) will stream the answer; otherwise the post waits for it. */
export const questionSchema = z.object({
  question: freeText({ multiline: true })
    .pipe(z.string().min(1, "ai-assistant:errors.questionRequired"))
    .pipe(z.string().max(QUESTION_LENGTH, "ai-assistant:errors.questionTooLong")),
  mode: z.enum(["stream", "wait"]).catch("wait"),
});

export const renameSchema = z.object({
  title: freeText()
    .pipe(z.string().min(1, "ai-assistant:errors.titleRequired"))
    .pipe(z.string().max(TITLE_LENGTH, "ai-assistant:errors.titleTooLong")),
});
