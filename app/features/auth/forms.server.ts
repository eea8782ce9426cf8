import type { Services } from "~/core/context.server";
import type { FormResult } from "~/lib/forms";
import { type AuthUser, callAuthForForm } from "./auth-client.server";
import { startSession } from "./session.server";

// The service's stable codes we can say in every language; anything else is shown as the service says it.
const CODE_KEYS: Record<string, string> = {
  invalid_credentials: "auth:errors.invalidCredentials",
  email_taken: "auth:errors.emailTaken",
  rate_limited: "auth:errors.rateLimited",
  account_deactivated: "auth:errors.deactivated",
  unavailable: "auth:errors.unavailable",
};

/** A sign-in or sign-up form, parsed (`parseForm`), with what the browser sent besides. */
export interface EntryForm {
  submission: { success: true; data: object; values: FormResult["values"] } | { success: false; result: FormResult };
  /** The honeypot field: people leave it empty. */
  honeypot: unknown;
  clientIp: string;
  /** The auth service's device token from this browser's last sign-in (ADR 041), if it sent one. */
  device?: string;
}

/** Where a sign-in or sign-up came to: the new session's cookie, or what the form shows again. */
export type Entry =
  | { ok: true; sessionCookie: string; device?: string }
  | { ok: false; result: FormResult; status: number };

/**
 * Sign-in and sign-up share this: the honeypot, the form's errors, the auth service's answer, then a new
 * session. Failures come back with the e-mail kept and errors per field.
 */
export async function enter(
  services: Services,
  endpoint: "/login" | "/signup",
  { submission, honeypot, clientIp, device }: EntryForm,
): Promise<Entry> {
  if (honeypot) {
    const values = submission.success ? submission.values : submission.result.values;
    return { ok: false, result: { values, formError: { key: "auth:errors.spam" } }, status: 400 };
  }
  if (!submission.success) return { ok: false, result: submission.result, status: 400 };
  const { values } = submission;

  // With the device token, other people's wrong passwords do not lock the owner out (ADR 041).
  const body = endpoint === "/login" && device ? { ...submission.data, device } : submission.data;
  const answer = await callAuthForForm<{ token: string; user: AuthUser; device?: string }>(
    services,
    endpoint,
    { body, clientIp },
    { values, codes: CODE_KEYS, unavailable: "auth:errors.unavailable" },
  );
  if (!answer.ok) return answer;
  const sessionCookie = await startSession(services, answer.data.token, answer.data.user);
  return { ok: true, sessionCookie, device: answer.data.device };
}
