import { createCookie, type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import { fromEnv } from "../../lib/env.server.ts";
import type { Message } from "../../lib/forms";
import { formFailure, parseForm } from "../../lib/forms.server";
import { requestInfoContext } from "../../lib/request-info";
import { safeRedirect } from "../../lib/safe-redirect";
import { isTimeZone, timeZoneCookie } from "../settings/time-zones.server";
import { AuthUnavailableError, type AuthUser, callAuth } from "./auth-client.server";
import { HONEYPOT_FIELD } from "./schemas";
import { startSession } from "./session.server";

// The service's stable codes we can say in every language; anything else is shown as the service says it.
const CODE_KEYS: Record<string, string> = {
  invalid_credentials: "auth:errors.invalidCredentials",
  email_taken: "auth:errors.emailTaken",
  rate_limited: "auth:errors.rateLimited",
  account_deactivated: "auth:errors.deactivated",
  unavailable: "auth:errors.unavailable",
};

/**
 * The auth service's device token from this browser's last sign-in (ADR 041): with it, other people's wrong
 * passwords do not lock the owner out. Path `/`: a sign-in posted by script goes to `/sign-in.data`.
 */
const deviceCookie = fromEnv((env) =>
  createCookie("__device", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.isProduction,
    secrets: [env.sessionSecret],
    maxAge: 60 * 60 * 24 * 365,
  }),
);

/**
 * Sign-in and sign-up share this: honeypot, zod, the auth service call, then a session and a
 * redirect to the safe `redirect` target. The form's `timezone` (the browser's) seeds a new user's preferences. Failures come back with the e-mail kept and errors per field.
 */
export async function submitAuthForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  endpoint: "/login" | "/signup",
  schema: z.ZodType<Record<string, string>>,
) {
  const form = await request.formData();
  const submission = parseForm(form, schema);
  if (form.get(HONEYPOT_FIELD))
    return formFailure({ values: submission.values, formError: { key: "auth:errors.spam" } });
  if (!submission.success) return formFailure(submission.result);
  const { values } = submission;

  const device = (await deviceCookie().parse(request.headers.get("Cookie"))) as unknown;
  const body = endpoint === "/login" && typeof device === "string" ? { ...submission.data, device } : submission.data;
  let result: Awaited<ReturnType<typeof callAuth<{ token: string; user: AuthUser; device?: string }>>>;
  try {
    result = await callAuth<{ token: string; user: AuthUser; device?: string }>(endpoint, {
      body,
      clientIp: context.get(requestInfoContext).clientIp,
    });
  } catch (error) {
    if (!(error instanceof AuthUnavailableError)) throw error;
    return formFailure({ values, formError: { key: "auth:errors.unavailable" } }, 503);
  }
  if (!result.ok) {
    if (result.code === "email_taken")
      return formFailure({ values, fieldErrors: { email: "auth:errors.emailTaken" } }, result.status);
    const key = result.code ? CODE_KEYS[result.code] : undefined;
    const formError: Message = key ? { key } : { text: result.error };
    return formFailure({ values, formError }, result.status);
  }
  const headers = new Headers({ "Set-Cookie": await startSession(request, result.data.token, result.data.user) });
  if (result.data.device) headers.append("Set-Cookie", await deviceCookie().serialize(result.data.device));
  // The browser's zone from the form (see AuthForm) becomes the `tz` cookie a new account's preferences start from.
  const zone = form.get("timezone");
  if (isTimeZone(zone)) headers.append("Set-Cookie", timeZoneCookie(zone));
  return redirect(safeRedirect(form.get("redirect")), { headers });
}
