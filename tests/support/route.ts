import type { RouterContextProvider } from "react-router";
import { i18nextMiddleware } from "~/root.server";
import { testContext } from "./services";

type Middleware = (args: any, next: () => Promise<Response>) => Promise<Response | undefined> | Response | undefined;

export interface RouteArgs {
  request: Request;
  context: RouterContextProvider;
  params: Record<string, string>;
  url: URL;
  pattern: string;
}

export function routeArgs(request: Request, pattern = new URL(request.url).pathname): RouteArgs {
  return { request, context: testContext(), params: {}, url: new URL(request.url), pattern };
}

/**
 * Calls a loader or action the way React Router does: the given middleware (the root's i18n by
 * default) runs first, then the handler. Thrown responses (redirects, 4xx) are returned.
 */
export async function callRoute<T>(
  handler: (args: RouteArgs) => Promise<T> | T,
  request: Request,
  middleware: Middleware[] = [i18nextMiddleware as Middleware],
): Promise<T | Response> {
  const args = routeArgs(request);
  let result: T | Response | undefined;
  const run = async (index: number): Promise<Response> => {
    if (index === middleware.length) {
      try {
        result = await handler(args);
      } catch (thrown) {
        if (thrown instanceof Response) result = thrown;
        else throw thrown;
      }
      return result instanceof Response ? result : new Response(null);
    }
    const response = await middleware[index]?.(args, () => run(index + 1));
    return response ?? new Response(null);
  };
  try {
    await run(0);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  return result as T | Response;
}

export const ORIGIN = "http://localhost:3000";

/** A browser-like same-origin form post. */
export function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", ...headers },
  });
}

/** The `name=value` part of a response's Set-Cookie, ready to send back as a Cookie header. */
export function cookieFrom(response: Response, name: string): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie set`);
  return cookie.split(";")[0] as string;
}

/**
 * Calls a loader or action with the given context and no middleware. What it throws (a redirect, a 4xx
 * `data()`) is returned, for the test to look at.
 */
export async function call(
  handler: unknown,
  request: Request,
  context: unknown,
  params: Record<string, string> = {},
): Promise<unknown> {
  try {
    return await (handler as (args: unknown) => unknown)({
      request,
      context,
      params,
      url: new URL(request.url),
      pattern: "",
    });
  } catch (thrown) {
    return thrown;
  }
}

export const get = (path: string) => new Request(`${ORIGIN}${path}`);

/** The HTTP status of what a handler returned or threw: a Response, or `data(…, init)`. */
export const statusOf = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: ResponseInit }).init?.status;
