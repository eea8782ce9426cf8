import { z } from "zod";

const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

/**
 * Every free-text field: trimmed, and no control characters (a NUL byte cannot even be stored in
 * PostgreSQL). Multi-line text keeps its line breaks and tabs (browsers send CR LF).
 */
export function freeText({ multiline = false }: { multiline?: boolean } = {}) {
  return z
    .string()
    .trim()
    .refine((value) => !(multiline ? CONTROL_BUT_LINES : CONTROL).test(value), {
      error: "forms:errors.controlCharacters",
    });
}
