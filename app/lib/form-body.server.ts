import { parseFormData } from "@remix-run/form-data-parser";
import type { MiddlewareFunction } from "react-router";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

const refuse = (status: 400 | 415, error: string) => Response.json({ ok: false, error }, { status });

/** Above the server's largest body limit: the server refuses bigger bodies before any action reads them. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/**
 * The request's form, or a thrown 415 (not a form) or 400 (cut off, or not UTF-8) that says why.
 * A multipart body is parsed chunk by chunk as it arrives (ADR 062): undici's `request.formData()` parses
 * the whole body in one turn of the event loop, ~130 ms for a 10 MB upload.
 * Invalid UTF-8 is refused rather than read as U+FFFD, which would make different bytes (two
 * different passwords) the same text; so is U+FFFD itself, the only trace it leaves after parsing.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(type)) {
    throw refuse(415, "Send a form: application/x-www-form-urlencoded or multipart/form-data");
  }
  let form: FormData;
  try {
    form = await parseFormData(request, { maxFileSize: MAX_FILE_BYTES, maxTotalSize: MAX_FILE_BYTES });
  } catch {
    throw refuse(400, "The form could not be read: it is incomplete or malformed");
  }
  for (const value of form.values()) {
    if (typeof value === "string" && value.includes("\uFFFD")) throw refuse(400, "The form is not valid UTF-8 text");
  }
  return form;
}

/**
 * Root middleware: a page action's body must be a readable form before any action reads it.
 * Resource routes (/resources/*) read their own bodies with readForm; the theme route also takes JSON.
 * The API (/api/*) takes JSON and answers its own errors.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request, url }, next) => {
  if (MUTATIONS.has(request.method) && !url.pathname.startsWith("/resources/") && !url.pathname.startsWith("/api/")) {
    await readForm(request.clone());
  }
  return next();
};
