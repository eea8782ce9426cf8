import { data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { servicesOf, sessionContext } from "~/core/context.server";
import { toCurrentUser } from "~/core/reader";
import { requestInfoContext } from "~/lib/request-info";
import { flashToast } from "~/lib/toast.server";
import { type AuthResult, AuthUnavailableError, type AuthUser, callAuth } from "./auth-client.server";
import { getSession, sessionStorage, sessionVersion } from "./session.server";

const SESSION_COOKIE = "__session=";
/** Where a user signed in with a one-time password must go first (ADR 025). */
const PASSWORD_PAGE = "/settings/account";

/** Only the service's explicit word ends a session: `valid: false`, or 401 `invalid_token`. */
function tokenRefused(result: AuthResult<{ valid: boolean }>): boolean {
  return result.ok ? result.data?.valid === false : result.status === 401 && result.code === "invalid_token";
}

/**
 * Root middleware: reads the session and asks the auth service again when the cookie's copy may be
 * stale: its last check is older than AUTH_REVALIDATE_SECONDS (600 s), or the user's session version
 * has moved on since (sign-out, password change, an admin's change: ADR 015). A refused token ends
 * the session; an unreachable service, or any other answer, throws AuthUnavailableError (the 503 page)
 * rather than guessing.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = servicesOf(context);
  const session = await getSession(services.env, request);
  const token = session.get("token") ?? null;
  let user: AuthUser | null = session.get("user") ?? null;
  let expired = false;
  let setCookie: string | undefined;

  if (token && user) {
    // Read before the check, so a change made during it still triggers the next one.
    const version = await sessionVersion(services, user.id);
    const age = Date.now() - (session.get("validatedAt") ?? 0);
    if (session.get("version") !== version || age >= services.env.AUTH_REVALIDATE_SECONDS * 1000) {
      const result = await callAuth<{ valid: boolean; user: AuthUser }>(services, "/validate", { token });
      if (result.ok && result.data?.valid === true && result.data.user) {
        user = result.data.user;
        session.set("user", user);
        session.set("validatedAt", Date.now());
        session.set("version", version);
        setCookie = await sessionStorage(services.env).commitSession(session);
      } else if (tokenRefused(result)) {
        user = null;
        expired = true;
        setCookie = await sessionStorage(services.env).destroySession(session);
      } else {
        // Not a verdict on the token (a wrong path, a proxy's page): nobody is signed out for it.
        throw new AuthUnavailableError(`/validate answered ${result.ok ? "without a verdict" : result.status}`);
      }
    }
  }

  context.set(sessionContext, { user: user ? toCurrentUser(user) : null, token: user ? token : null, expired });
  const response = await next();
  // An action that signed in or out has already set the session cookie: its word is final.
  if (setCookie && !response.headers.getSetCookie().some((c) => c.startsWith(SESSION_COOKIE))) {
    response.headers.append("Set-Cookie", setCookie);
  }
  return response;
};

/** Middleware of the signed-in layout: anonymous requests (documents and data) go to sign-in. */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context, url, params }, next) => {
  const { user, expired } = context.get(sessionContext);
  if (user?.mustChangePassword && url.pathname !== PASSWORD_PAGE) throw redirect(`${PASSWORD_PAGE}#password`);
  if (user) return next();
  // An unknown URL (the layout's catch-all route) is a public 404, not a reason to sign in.
  if ("*" in params) throw data(null, { status: 404 });
  const headers = new Headers();
  if (expired) {
    const { env } = servicesOf(context);
    headers.append("Set-Cookie", await sessionStorage(env).destroySession(await getSession(env, request)));
    headers.append("Set-Cookie", await flashToast(env, { type: "error", key: "errors:sessionExpired" }));
  }
  throw redirect(`/sign-in?${new URLSearchParams({ redirect: url.pathname + url.search })}`, { headers });
};

/** Who calls the auth service on the user's behalf: their token and the browser's IP. */
export interface AuthCaller {
  token: string | null;
  clientIp: string;
}

/** The token and client IP for calling the auth service on the user's behalf. */
export function authCallContext(context: Readonly<RouterContextProvider>): AuthCaller {
  return { token: context.get(sessionContext).token, clientIp: context.get(requestInfoContext).clientIp };
}
