import { data, type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import { requestInfoContext } from "../../lib/request-info";
import { safeRedirect } from "../../lib/safe-redirect";
import { AuthUnavailableError, type AuthUser, callAuth } from "./auth-client.server";
import { fieldErrors, HONEYPOT_FIELD } from "./schemas";
import { startSession } from "./session.server";

/** A message to show: a translation key, or the auth service's own text when we have no key for it. */
export type Message = { key: string } | { text: string };

export interface AuthFormResult {
  values: { email: string };
  fieldErrors?: Record<string, string>;
  formError?: Message;
}

// The service's stable codes we can say in every language; anything else is shown as the service says it.
const CODE_KEYS: Record<string, string> = {
  invalid_credentials: "auth:errors.invalidCredentials",
  email_taken: "auth:errors.emailTaken",
  rate_limited: "auth:errors.rateLimited",
  account_deactivated: "auth:errors.deactivated",
  unavailable: "auth:errors.unavailable",
};

/**
 * Sign-in and sign-up share this: honeypot, zod, the auth service call, then a session and a
 * redirect to the safe `redirect` target. Failures come back with the e-mail kept and errors per field.
 */
export async function submitAuthForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  endpoint: "/login" | "/signup",
  schema: z.ZodType<Record<string, string>>,
) {
  const form = await request.formData();
  const values = { email: String(form.get("email") ?? "").slice(0, 254) };
  const fail = (status: number, result: Omit<AuthFormResult, "values">) =>
    data<AuthFormResult>({ values, ...result }, { status });

  if (form.get(HONEYPOT_FIELD)) return fail(400, { formError: { key: "auth:errors.spam" } });
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return fail(400, { fieldErrors: fieldErrors(parsed.error) });

  let result: Awaited<ReturnType<typeof callAuth<{ token: string; user: AuthUser }>>>;
  try {
    result = await callAuth<{ token: string; user: AuthUser }>(endpoint, {
      body: parsed.data,
      clientIp: context.get(requestInfoContext).clientIp,
    });
  } catch (error) {
    if (!(error instanceof AuthUnavailableError)) throw error;
    return fail(503, { formError: { key: "auth:errors.unavailable" } });
  }
  if (!result.ok) {
    const key = result.code ? CODE_KEYS[result.code] : undefined;
    const formError: Message = key ? { key } : { text: result.error };
    return fail(
      result.status,
      result.code === "email_taken" ? { fieldErrors: { email: CODE_KEYS.email_taken as string } } : { formError },
    );
  }
  const cookie = await startSession(request, result.data.token, result.data.user);
  return redirect(safeRedirect(form.get("redirect")), { headers: { "Set-Cookie": cookie } });
}
