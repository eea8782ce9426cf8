import { STATUS_CODES } from "node:http";
import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { preferencesContext, servicesOf } from "./core/context.server.ts";
import { AuthUnavailableError } from "./features/auth/auth-client.server";
import { getLocale, languageMiddleware } from "./i18n/i18n.server";
import { requestInfoContext } from "./lib/request-info";
import { readTheme } from "./lib/theme.server";

/** What the document itself needs (language, theme, font, nonce): from the root loader, or an error. */
export async function documentFacts(request: Request, context: Readonly<RouterContextProvider>) {
  const preferences = context.get(preferencesContext);
  const cookieTheme = await readTheme(servicesOf(context).env, request);
  // Signed in, the saved preference is the truth; the cookie is its copy for signed-out visits.
  const theme = preferences?.theme ?? cookieTheme.choice;
  return {
    locale: getLocale(context),
    theme,
    resolvedTheme: theme === "system" ? (cookieTheme.choice === "system" ? cookieTheme.resolved : null) : theme,
    font: preferences?.font ?? "system",
    nonce: context.get(requestInfoContext).nonce,
  };
}
export type DocumentFacts = Awaited<ReturnType<typeof documentFacts>>;

/** The request's language: the signed-in user's saved one, else the browser's (i18n/i18n.server.ts). */
export const i18nextMiddleware = languageMiddleware((context) => context.get(preferencesContext)?.language);

const failureContext = createContext<{ error: unknown } | null>(null);

/**
 * Runs a root middleware; when it fails before handing on, the failure is kept and the chain goes
 * on without it, so language and theme are still found (without the user) for the error page.
 */
export function keepFailure(middleware: MiddlewareFunction<Response>): MiddlewareFunction<Response> {
  return async (args, next) => {
    let handedOn = false;
    try {
      return await middleware(args, () => {
        handedOn = true;
        return next();
      });
    } catch (error) {
      if (handedOn) throw error;
      if (!args.context.get(failureContext)) args.context.set(failureContext, { error });
      return next();
    }
  };
}

/**
 * Last in the root chain: a kept failure becomes the error page (503 for an unreachable auth
 * service, a thrown Response's own status, else 500), carrying what the document needs to render.
 * Resource routes answer with the same payload as JSON.
 */
export const raiseKeptFailure: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const failure = context.get(failureContext);
  if (!failure) return next();
  const { error } = failure;
  if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
  let status = 500;
  let message = "An unexpected error occurred";
  if (error instanceof Response) {
    status = error.status;
    message = ((await error.json().catch(() => null)) as { error?: string } | null)?.error ?? error.statusText;
  } else if (error instanceof AuthUnavailableError) {
    status = 503;
    message = "The authentication service is unavailable";
  } else {
    servicesOf(context).log.error({ err: error, method: request.method, url: request.url }, "root middleware failed");
  }
  // Without a statusText React Router calls every thrown `data()` an "Internal Server Error", whatever its status.
  const statusText = STATUS_CODES[status] ?? "";
  throw data({ ok: false, error: message, document: await documentFacts(request, context) }, { status, statusText });
};
