import { redirect } from "react-router";
import { callAuth } from "~/features/auth/auth-client.server";
import { getSession, sessionStorage } from "~/features/auth/session.server";
import { csrfMiddleware } from "~/lib/csrf.server";
import type { Route } from "./+types/sign-out";

export const middleware: Route.MiddlewareFunction[] = [csrfMiddleware];

/** Sign-out (SPEC §4): tell the auth service, ignore whatever it answers, end the session, go home. */
export async function action({ request }: Route.ActionArgs) {
  const session = await getSession(request);
  const token = session.get("token");
  if (token) await callAuth("/logout", { token }).catch(() => undefined);
  return redirect("/", { headers: { "Set-Cookie": await sessionStorage().destroySession(session) } });
}

export function loader() {
  return redirect("/");
}
