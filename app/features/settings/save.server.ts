import { redirect } from "react-router";
import type { z } from "zod";
import { formFailure, parseForm } from "../../lib/forms.server";
import { log } from "../../lib/log.server";
import { redirectWithToast } from "../../lib/toast.server";
import { type PreferencesPatch, updatePreferences } from "./preferences.server";

/**
 * Validates a settings form and stores it. Success redirects back to the page (working the same with
 * and without JavaScript) with the "saved" toast, unless the form sent `silent`. A bad value is a
 * field error and stores nothing; a failed write is a form error without values, so the page rolls
 * back to what is stored. Without JavaScript (`BackToSection`) the redirect goes to the `section`'s
 * anchor, so the page comes back where it was; fetchers keep the scroll position (`preventScrollReset`).
 */
export async function savePreferences(
  userId: string,
  url: URL,
  form: FormData,
  schema: z.ZodType<PreferencesPatch, unknown>,
  section?: string,
) {
  const submission = parseForm(form, schema);
  if (!submission.success) return formFailure(submission.result);
  try {
    await updatePreferences(userId, submission.data);
  } catch (error) {
    log().error({ err: error, userId }, "could not save preferences");
    return formFailure({ formError: { key: "settings:preferences.updateFailed" } }, 500);
  }
  const back = section && form.get("backToSection") ? `${url.pathname}#${section}` : url.pathname;
  if (form.get("silent")) return redirect(back);
  return redirectWithToast(back, { type: "success", key: "settings:preferences.updateSuccess" });
}
