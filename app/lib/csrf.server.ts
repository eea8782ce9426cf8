import type { MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request comes from a page of this very origin. Sec-Fetch-Site decides when the browser
 * sends it (`same-site`, a sibling subdomain, is not enough); older browsers and some proxies drop it,
 * and then the Origin header (or, without one, the Referer) must match the request's own origin.
 */
export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin";
  const source = request.headers.get("Origin") ?? request.headers.get("Referer");
  if (!source || !URL.canParse(source)) return false;
  return new URL(source).origin === new URL(request.url).origin;
}

/**
 * Resource routes are not covered by React Router's own Origin check on page actions, so each one
 * that accepts a POST uses this: anything but a same-origin request gets 403.
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
    throw new Response("Forbidden", { status: 403 });
  }
  return next();
};
