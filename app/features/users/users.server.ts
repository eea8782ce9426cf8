import { data, type RouterContextProvider } from "react-router";
import type { PublicUser, Role, UserEvent } from "../../core/auth-contract.ts";
import type { FormResult, Message } from "../../lib/forms";
import { AuthUnavailableError, callAuth } from "../auth/auth-client.server";
import { authCallContext } from "../auth/guard.server";
import { markSessionsStale } from "../auth/session.server";

type Context = Readonly<RouterContextProvider>;
type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** What a change through the auth service came to: its data, or what the form should show. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; result: FormResult; status: number };

// The service's stable codes we can say in every language; anything else is shown as it says it (SPEC §8).
const FORM_ERRORS: Record<string, string> = {
  self_protected: "users:errors.selfProtected",
  last_admin: "users:errors.lastAdmin",
  forbidden: "users:errors.forbidden",
  not_found: "users:errors.notFound",
  invalid_token: "errors:sessionExpired",
};

/**
 * Calls the auth service as the signed-in user. On success the changed user's sessions re-check at
 * their very next request (ADR 026); a refusal or an unreachable service becomes the form's error,
 * with everything typed (`values`) kept.
 */
async function change<T>(
  context: Context,
  path: string,
  {
    method,
    body,
    changedUserId,
    values = {},
  }: { method: Method; body?: unknown; changedUserId?: string; values?: FormResult["values"] },
): Promise<Outcome<T>> {
  let answer: Awaited<ReturnType<typeof callAuth<T>>>;
  try {
    answer = await callAuth<T>(path, { method, body, ...authCallContext(context) });
  } catch (error) {
    if (!(error instanceof AuthUnavailableError)) throw error;
    return { ok: false, result: { values, formError: { key: "users:errors.unavailable" } }, status: 503 };
  }
  if (!answer.ok) {
    if (answer.code === "email_taken") {
      return { ok: false, result: { values, fieldErrors: { email: "auth:errors.emailTaken" } }, status: answer.status };
    }
    if (answer.code === "not_found" && answer.fields?.email) {
      return {
        ok: false,
        result: { values, fieldErrors: { email: "users:errors.unknownEmail" } },
        status: answer.status,
      };
    }
    const key = answer.code ? FORM_ERRORS[answer.code] : undefined;
    const formError: Message = key ? { key } : { text: answer.error };
    return { ok: false, result: { values, formError }, status: answer.status };
  }
  const userId = changedUserId ?? (answer.data as { user?: PublicUser }).user?.id;
  if (userId) await markSessionsStale(userId);
  return { ok: true, data: answer.data };
}

/** A read for a page: an unreachable service is the 503 page, a refusal its own status. */
async function read<T>(context: Context, path: string): Promise<T> {
  const answer = await callAuth<T>(path, { method: "GET", ...authCallContext(context) });
  if (!answer.ok) throw data(null, { status: answer.status });
  return answer.data;
}

export async function listUsers(context: Context): Promise<PublicUser[]> {
  return (await read<{ users: PublicUser[] }>(context, "/users")).users;
}

/** One user, or 404. */
export async function getUser(context: Context, id: string): Promise<PublicUser> {
  const user = (await listUsers(context)).find((u) => u.id === id);
  if (!user) throw data(null, { status: 404 });
  return user;
}

export async function userHistory(context: Context, id: string): Promise<UserEvent[]> {
  return (await read<{ events: UserEvent[] }>(context, `/users/${encodeURIComponent(id)}/history`)).events;
}

/** A new user with a one-time password, returned this once (ADR 025). */
export function createUser(
  context: Context,
  input: { email: string; roles: Role[]; projectIds: string[] },
  values: FormResult["values"],
) {
  return change<{ user: PublicUser; oneTimePassword: string }>(context, "/users", {
    method: "POST",
    body: input,
    values,
  });
}

export function updateUser(
  context: Context,
  id: string,
  changes: { roles?: Role[]; projectIds?: string[]; status?: PublicUser["status"] },
  values?: FormResult["values"],
) {
  return change<{ user: PublicUser }>(context, `/users/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: changes,
    values,
  });
}

export function deleteUser(context: Context, id: string, values?: FormResult["values"]) {
  return change<object>(context, `/users/${encodeURIComponent(id)}`, {
    method: "DELETE",
    changedUserId: id,
    values,
  });
}

/** Puts the user with this e-mail in the project (admins; managers for their projects). */
export function addProjectMember(context: Context, projectId: string, email: string, values: FormResult["values"]) {
  return change<{ user: PublicUser }>(context, `/projects/${encodeURIComponent(projectId)}/members`, {
    method: "PUT",
    body: { email },
    values,
  });
}

export function removeProjectMember(context: Context, projectId: string, userId: string) {
  return change<{ user: PublicUser }>(
    context,
    `/projects/${encodeURIComponent(projectId)}/members/${encodeURIComponent(userId)}`,
    { method: "DELETE" },
  );
}

/** Ends every session of the signed-in user, this one included. */
export function signOutEverywhere(context: Context, userId: string) {
  return change<object>(context, "/logout-everywhere", { method: "POST", changedUserId: userId });
}
