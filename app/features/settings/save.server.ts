import { data, redirect } from "react-router";
import type { z } from "zod";
import { log } from "../../lib/log.server";
import { flashToast } from "../../lib/toast.server";
import type { Message } from "../auth/forms.server";
import { fieldErrors } from "../auth/schemas";
import { type PreferencesPatch, updatePreferences } from "./preferences.server";

export interface SaveResult {
  fieldErrors?: Record<string, string>;
  formError?: Message;
}

/**
 * Validates a settings form and stores it. Success redirects back to the page (working the same with
 * and without JavaScript) with the "saved" toast, unless the form sent `silent`. A bad value is a
 * field error and stores nothing; a failed write is a form error the page rolls back on.
 */
export async function savePreferences(
  userId: string,
  url: URL,
  form: FormData,
  schema: z.ZodType<PreferencesPatch, unknown>,
) {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data<SaveResult>({ fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  try {
    await updatePreferences(userId, parsed.data);
  } catch (error) {
    log().error({ err: error, userId }, "could not save preferences");
    return data<SaveResult>({ formError: { key: "settings:preferences.updateFailed" } }, { status: 500 });
  }
  if (form.get("silent")) return redirect(url.pathname);
  return redirect(url.pathname, {
    headers: { "Set-Cookie": await flashToast({ type: "success", key: "settings:preferences.updateSuccess" }) },
  });
}
