// The part of the server that is bundled with the app by Vite (see vite.config.ts): React Router's request
// handler and the start-up module, so that both use the app's own module instances (router contexts, schema).

import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import type { RequestHandler } from "express";
import { RouterContextProvider } from "react-router";
import { type Services, servicesContext } from "~/core/context.server";
import { requestInfoContext } from "~/lib/request-info";
import { withRequestTiming } from "~/lib/timing.server";

/**
 * React Router's request handler for the services made at start: every request's context carries them. Each
 * request has its own timing record (Server-Timing); the promise settles when the response is sent (see the
 * drain in main.ts).
 */
export function requestHandler(services: Services): RequestHandler {
  // The build itself, not a function returning it: given a function, React Router rebuilds its route tables
  // and request handler on every request (meant for a build that may change; in dev, main.ts makes a new
  // handler when Vite has loaded this module anew).
  const handle = createRequestHandler({
    build,
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(requestInfoContext, {
        nonce: res.locals.nonce,
        requestId: res.locals.requestId,
        clientIp: req.ip ?? "unknown",
      });
      return context;
    },
  });
  return (req, res, next) => withRequestTiming(() => handle(req, res, next));
}

// The configuration is parsed with the bundle's own module, so the app and server/main.ts read it alike.
export { EnvError, parseEnv } from "~/lib/env.server";
export { reseedDemo } from "./demo/reseed.ts";
export { payloadTooLargePage } from "./payload-too-large.ts";
export { start } from "./start.ts";
