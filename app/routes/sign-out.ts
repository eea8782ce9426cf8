import { redirect } from "react-router";
import { servicesOf } from "~/core/context.server";
import { AUTH_RETRIES, callAuth } from "~/features/auth/auth-client.server";
import { getSession, markSessionsStale, sessionStorage } from "~/features/auth/session.server";
import type { Route } from "./+types/sign-out";

/**
 * Sign-out (SPEC §4): revoke the token, then make every copy of this cookie re-check it (ADR 015),
 * end the session and go home. When the service cannot revoke it now, the user is not kept waiting:
 * the revocation is retried in the background.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = servicesOf(context);
  const session = await getSession(services.env, request);
  const token = session.get("token");
  const user = session.get("user");
  if (token) {
    await callAuth(services, "/logout", { token }).catch(() => {
      callAuth(services, "/logout", { token, retries: AUTH_RETRIES }).catch((error: unknown) =>
        services.log.warn({ err: error }, "sign-out could not revoke the token"),
      );
    });
  }
  if (user) await markSessionsStale(services, user.id);
  return redirect("/", { headers: { "Set-Cookie": await sessionStorage(services.env).destroySession(session) } });
}

export function loader() {
  return redirect("/");
}
