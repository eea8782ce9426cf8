import type { PublicUser } from "~/core/auth-contract";
import type { Services } from "~/core/context.server";
import type { FormResult, Message } from "~/lib/forms";

export type AuthUser = PublicUser;

export type AuthResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: string; code?: string; fields?: Record<string, string> };

/** The auth service could not be reached, did not answer in time, failed with 5xx, or answered something else. */
export class AuthUnavailableError extends Error {}

/** Per attempt: someone is usually waiting, so a frozen service fails fast rather than hangs the page. */
export const AUTH_TIMEOUT_MS = 3000;
/** For calls nobody waits for (see `retries`). */
export const AUTH_RETRIES = 3;
const FIRST_BACKOFF_MS = 100;

interface CallOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  token?: string | null;
  /** The browser's IP, for the service's per-IP rate limits. */
  clientIp?: string;
  /**
   * Further attempts with backoff after a network error or 5xx (a 4xx is an answer). Only for calls
   * nobody waits for: a person gets one attempt and the answer, or the "unavailable" message, at once.
   */
  retries?: number;
}

interface ServiceAnswer<T> {
  success: boolean;
  data?: T;
  error?: string;
  code?: string;
  fields?: Record<string, string>;
}

/** `{ success: true, data }` or `{ success: false, error }` (SPEC §7). */
function isServiceAnswer<T>(payload: unknown): payload is ServiceAnswer<T> {
  if (typeof payload !== "object" || payload === null) return false;
  const { success, error } = payload as ServiceAnswer<T>;
  return success === true || (success === false && typeof error === "string");
}

/** Calls the auth service (SPEC §7): JSON, a timeout per attempt, retries only when asked for. */
export async function callAuth<T>(
  { env }: Pick<Services, "env">,
  path: string,
  { method = "POST", body, token, clientIp, retries = 0 }: CallOptions = {},
) {
  const base = env.authServiceUrl;
  if (!base) throw new AuthUnavailableError("The auth service address is not known yet");
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (clientIp) headers["X-Forwarded-For"] = clientIp;

  let lastProblem = "";
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, FIRST_BACKOFF_MS * 2 ** (attempt - 1)));
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(AUTH_TIMEOUT_MS),
      });
    } catch (error) {
      lastProblem = (error as Error).message;
      continue;
    }
    if (response.status >= 500) {
      lastProblem = `${response.status} ${response.statusText}`;
      continue;
    }
    const payload: unknown = await response.json().catch(() => null);
    // Anything but the service's JSON (an HTML page, a proxy's 404) is not an answer from the service: a
    // misrouted AUTH_SERVICE_URL must look like an unreachable service, never like a refusal.
    if (!isServiceAnswer<T>(payload)) {
      lastProblem = `${response.status} ${response.statusText}, not the auth service's JSON`;
      continue;
    }
    if (response.ok && payload.success) return { ok: true, data: payload.data as T } satisfies AuthResult<T>;
    return {
      ok: false,
      status: response.status,
      // SPEC §8: the service's error text, else the HTTP status text.
      error: payload.error || response.statusText || "An unexpected error occurred",
      code: payload.code,
      fields: payload.fields,
    } satisfies AuthResult<T>;
  }
  throw new AuthUnavailableError(`The auth service is unavailable (${lastProblem})`);
}

/** What an auth-service call made for a form came to: its data, or what the form shows again. */
export type AuthOutcome<T> = { ok: true; data: T } | { ok: false; result: FormResult; status: number };

/**
 * `callAuth` for a form: a refusal becomes the form's error with everything typed (`values`) kept. The service's
 * stable codes become translated messages (`codes`); a code not listed is shown as the service says it (SPEC §8). A
 * taken e-mail, or an unknown one (`not_found` naming the e-mail field), is the e-mail field's error.
 */
export async function callAuthForForm<T>(
  services: Pick<Services, "env">,
  path: string,
  options: CallOptions,
  { values, codes, unavailable }: { values: FormResult["values"]; codes: Record<string, string>; unavailable: string },
): Promise<AuthOutcome<T>> {
  let answer: AuthResult<T>;
  try {
    answer = await callAuth<T>(services, path, options);
  } catch (error) {
    if (!(error instanceof AuthUnavailableError)) throw error;
    return { ok: false, result: { values, formError: { key: unavailable } }, status: 503 };
  }
  if (answer.ok) return answer;
  const emailError =
    answer.code === "email_taken"
      ? "auth:errors.emailTaken"
      : answer.code === "not_found" && answer.fields?.email
        ? "users:errors.unknownEmail"
        : undefined;
  if (emailError) return { ok: false, result: { values, fieldErrors: { email: emailError } }, status: answer.status };
  const key = answer.code ? codes[answer.code] : undefined;
  const formError: Message = key ? { key } : { text: answer.error };
  return { ok: false, result: { values, formError }, status: answer.status };
}
