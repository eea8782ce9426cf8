import type { Services } from "~/core/context.server";
import type { FormResult } from "~/lib/forms";
import { AuthUnavailableError, callAuth } from "./auth-client.server";
import type { AuthCaller } from "./guard.server";
import { markSessionsStale } from "./session.server";

/**
 * A new password through the auth service, which checks the current one and ends the other sessions; every
 * copy of this session re-checks at once (ADR 015). Null once changed, else what the form shows.
 */
export async function changePassword(
  services: Services,
  caller: AuthCaller,
  userId: string,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
): Promise<{ result: FormResult; status: number } | null> {
  try {
    const answer = await callAuth(services, "/password", { ...caller, body: { currentPassword, newPassword } });
    if (!answer.ok) {
      if (answer.code === "invalid_credentials") {
        return { result: { fieldErrors: { currentPassword: "settings:errors.currentPasswordWrong" } }, status: 400 };
      }
      return { result: { formError: { text: answer.error } }, status: answer.status };
    }
  } catch (error) {
    if (!(error instanceof AuthUnavailableError)) throw error;
    return { result: { formError: { key: "auth:errors.unavailable" } }, status: 503 };
  }
  await markSessionsStale(services, userId);
  return null;
}
