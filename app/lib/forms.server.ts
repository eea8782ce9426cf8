import { data } from "react-router";
import { z } from "zod";
import type { FormResult } from "./forms";

type Values = NonNullable<FormResult["values"]>;

/** A translation key, as every schema message is ("ns:key"); zod's own English texts are not. */
const TRANSLATION_KEY = /^[\w-]+:[\w.-]+$/;
/** Fields whose value never travels back to the browser. */
const SECRET = /password/i;

/** A form as the object a schema reads: a field sent once is a string, one sent several times an array. */
function formEntries(form: FormData | URLSearchParams): Values {
  const entries: Values = {};
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
    entries[name] = all.length === 1 ? (all[0] as string) : all;
  }
  return entries;
}

/** The fields an object schema declares (through `.transform()` and `.refine()`). */
function fieldNames(schema: z.ZodType): string[] | undefined {
  if (schema instanceof z.ZodPipe) return fieldNames(schema.in as z.ZodType);
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  return undefined;
}

/** The first message of each field; an issue about the whole form is the form's error. */
function errorsOf(error: z.ZodError): Pick<FormResult, "fieldErrors" | "formError"> {
  const fieldErrors: Record<string, string> = {};
  let formError: FormResult["formError"];
  for (const issue of error.issues) {
    const key = TRANSLATION_KEY.test(issue.message) ? issue.message : "forms:errors.invalid";
    const field = issue.path[0];
    if (field === undefined) formError ??= { key };
    else fieldErrors[String(field)] ??= key;
  }
  return formError ? { fieldErrors, formError } : { fieldErrors };
}

/**
 * Reads a form post (or a form sent by GET, as URL parameters) with a zod schema. Either the parsed data,
 * or the result to send back: the values typed into the schema's fields (passwords left out) with a
 * translation key per bad field.
 */
export function parseForm<S extends z.ZodType>(form: FormData | URLSearchParams, schema: S) {
  const entries = formEntries(form);
  const names = (fieldNames(schema) ?? Object.keys(entries)).filter((name) => !SECRET.test(name));
  const values: Values = {};
  for (const name of names) if (entries[name] !== undefined) values[name] = entries[name];
  const parsed = schema.safeParse(entries);
  if (parsed.success) return { success: true as const, data: parsed.data as z.output<S>, values };
  return { success: false as const, values, result: { values, ...errorsOf(parsed.error) } satisfies FormResult };
}

/** A form that did not go through: the result for the page, with its HTTP status. */
export function formFailure(result: FormResult, status = 400) {
  return data<FormResult>(result, { status });
}
