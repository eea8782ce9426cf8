import type { PublicUser, Role, UserEvent } from "~/core/auth-contract";
import type { Services } from "~/core/context.server";
import { type AuthOutcome, callAuth, callAuthForForm } from "~/features/auth/auth-client.server";
import type { AuthCaller } from "~/features/auth/guard.server";
import { markSessionsStale } from "~/features/auth/session.server";
import type { FormResult } from "~/lib/forms";

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

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
  services: Services,
  caller: AuthCaller,
  path: string,
  {
    method,
    body,
    changedUserId,
    values = {},
  }: { method: Method; body?: unknown; changedUserId?: string; values?: FormResult["values"] },
): Promise<AuthOutcome<T>> {
  const answer = await callAuthForForm<T>(
    services,
    path,
    { method, body, ...caller },
    { values, codes: FORM_ERRORS, unavailable: "users:errors.unavailable" },
  );
  if (!answer.ok) return answer;
  const userId = changedUserId ?? (answer.data as { user?: PublicUser }).user?.id;
  if (userId) await markSessionsStale(services, userId);
  return { ok: true, data: answer.data };
}

/** A read for a page: null when the service refuses it; an unreachable service is the 503 page. */
async function read<T>(services: Services, caller: AuthCaller, path: string): Promise<T | null> {
  const answer = await callAuth<T>(services, path, { method: "GET", ...caller });
  return answer.ok ? answer.data : null;
}

export async function listUsers(services: Services, caller: AuthCaller): Promise<PublicUser[] | null> {
  return (await read<{ users: PublicUser[] }>(services, caller, "/users"))?.users ?? null;
}

/** One user, or null. */
export async function getUser(services: Services, caller: AuthCaller, id: string): Promise<PublicUser | null> {
  return (await listUsers(services, caller))?.find((u) => u.id === id) ?? null;
}

export async function userHistory(services: Services, caller: AuthCaller, id: string): Promise<UserEvent[] | null> {
  const answer = await read<{ events: UserEvent[] }>(services, caller, `/users/${encodeURIComponent(id)}/history`);
  return answer?.events ?? null;
}

/** A new user with a one-time password, returned this once (ADR 025). */
export function createUser(
  services: Services,
  caller: AuthCaller,
  input: { email: string; roles: Role[]; projectIds: string[] },
  values: FormResult["values"],
) {
  return change<{ user: PublicUser; oneTimePassword: string }>(services, caller, "/users", {
    method: "POST",
    body: input,
    values,
  });
}

export function updateUser(
  services: Services,
  caller: AuthCaller,
  id: string,
  changes: { roles?: Role[]; projectIds?: string[]; status?: PublicUser["status"] },
  values?: FormResult["values"],
) {
  return change<{ user: PublicUser }>(services, caller, `/users/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: changes,
    values,
  });
}

export function deleteUser(services: Services, caller: AuthCaller, id: string, values?: FormResult["values"]) {
  return change<object>(services, caller, `/users/${encodeURIComponent(id)}`, {
    method: "DELETE",
    changedUserId: id,
    values,
  });
}

/** Puts the user with this e-mail in the project (admins; managers for their projects). */
export function addProjectMember(
  services: Services,
  caller: AuthCaller,
  projectId: string,
  email: string,
  values: FormResult["values"],
) {
  return change<{ user: PublicUser }>(services, caller, `/projects/${encodeURIComponent(projectId)}/members`, {
    method: "PUT",
    body: { email },
    values,
  });
}

export function removeProjectMember(services: Services, caller: AuthCaller, projectId: string, userId: string) {
  return change<{ user: PublicUser }>(
    services,
    caller,
    `/projects/${encodeURIComponent(projectId)}/members/${encodeURIComponent(userId)}`,
    { method: "DELETE" },
  );
}

/** Ends every session of the signed-in user, this one included. */
export function signOutEverywhere(services: Services, caller: AuthCaller, userId: string) {
  return change<object>(services, caller, "/logout-everywhere", { method: "POST", changedUserId: userId });
}
