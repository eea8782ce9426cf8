import { redirect } from "react-router";
import { AUTH_RETRIES, callAuth } from "~/features/auth/auth-client.server";
import { getSession, markSessionsStale, sessionStorage } from "~/features/auth/session.server";
import { csrfMiddleware } from "~/lib/csrf.server";
import { log } from "~/lib/log.server";
import type { Route } from "./+types/sign-out";

export const middleware: Route.MiddlewareFunction[] = [csrfMiddleware];

/**
 * Sign-out (SPEC §4): revoke the token, then make every copy of this cookie re-check it (ADR 015),
 * end the session and go home. When the service cannot revoke it now, the user is not kept waiting:
 * the revocation is retried in the background.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await getSession(request);
  const token = session.get("token");
  const user = session.get("user");
  if (token) {
    await callAuth("/logout", { token }).catch(() => {
      callAuth("/logout", { token, retries: AUTH_RETRIES }).catch((error: unknown) =>
        log().warn({ err: error }, "sign-out could not revoke the token"),
      );
    });
  }
  if (user) await markSessionsStale(user.id);
  return redirect("/", { headers: { "Set-Cookie": await sessionStorage().destroySession(session) } });
}

export function loader() {
  return redirect("/");
}
