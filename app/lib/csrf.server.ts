import type { MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request comes from a page of this very origin. Sec-Fetch-Site decides when the browser
 * sends it (`same-site`, a sibling subdomain, is not enough); older browsers and some proxies drop it,
 * and then the Origin header (or, without one, the Referer) must match the request's own origin. A
 * request with none of the three is not from a browser's page, and is refused too.
 */
export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin";
  const source = request.headers.get("Origin") ?? request.headers.get("Referer");
  if (!source || !URL.canParse(source)) return false;
  return new URL(source).origin === new URL(request.url).origin;
}

/**
 * Addresses other programs post to, each proving itself by a secret header of its own (the ingest webhook's
 * Bearer token, Telegram's secret token) and never by the session cookie (ADR 058).
 */
const forPrograms = (pathname: string) => pathname.startsWith("/api/");

/**
 * The one same-origin check (ADR 058), first in the root's chain: every post to a page or a resource route
 * that is not same-origin gets 403 before anything reads its body or its session. React Router's own check
 * on page actions lets a post without `Origin` through.
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, url }, next) => {
  if (!SAFE_METHODS.has(request.method) && !forPrograms(url.pathname) && !isSameOrigin(request)) {
    throw Response.json({ error: "Cross-site posts are refused" }, { status: 403, statusText: "Forbidden" });
  }
  return next();
};
