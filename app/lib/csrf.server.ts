import { createCsrfMiddleware } from "remix-utils/middleware/csrf";

/**
 * Resource routes are not covered by React Router's own Origin check on page actions, so each one
 * that accepts a POST uses this: cross-site requests (by Sec-Fetch-Site, Origin or Referer) get 403.
 */
export const csrfMiddleware = createCsrfMiddleware();
