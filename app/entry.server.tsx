import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import styles from "./app.css?inline";
import { servicesOf } from "./core/context.server";
import { getInstance } from "./i18n/i18n.server";
import { requestInfoContext } from "./lib/request-info";
import { serverTiming } from "./lib/timing.server";

export const streamTimeout = 5_000;

const HEAD_END = Buffer.from("</head>");
const INLINE_STYLES = Buffer.from(`<style>${styles}</style>`);

/**
 * The stylesheet goes inline at the end of <head>: on a slow network the page paints as soon as the
 * HTML arrives instead of waiting for a separate, render-blocking CSS request.
 *
 * React writes a page in chunks of a few kilobytes, and React Router's adapter flushes the compressor
 * after each: a 140 KB page compressed 2 KB at a time cost 16 ms of CPU, in one piece 2 ms. So what React
 * writes in one go is passed on as one chunk, on the next turn of the event loop: streaming stays (a later
 * Suspense boundary is still sent when it resolves).
 */
function withInlineStyles(): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  let pending: Buffer[] = [];
  let scheduled = false;
  const release = () => {
    scheduled = false;
    if (pending.length === 0 || stream.destroyed) return;
    stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head) {
        head = Buffer.concat([head, chunk]);
        const at = head.indexOf(HEAD_END);
        if (at === -1) return callback();
        chunk = Buffer.concat([head.subarray(0, at), INLINE_STYLES, head.subarray(at)]);
        head = null;
      }
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      callback();
    },
    flush(callback) {
      release();
      callback(null, head ?? undefined);
    },
  });
  return stream;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  const i18n = getInstance(loadContext);
  const userAgent = request.headers.get("user-agent");
  // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
  const readyEvent = userAgent && isbot(userAgent) ? "onAllReady" : "onShellReady";

  const renderStart = performance.now();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>,
      {
        nonce,
        // React streams a large <Suspense> boundary after the shell, hidden until a script shows it; without
        // JavaScript it would stay hidden (the task board, app/ui/on-demand.tsx). Every boundary goes inline.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          shellRendered = true;
          const body = withInlineStyles();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const timing = serverTiming(performance.now() - renderStart);
          if (timing) responseHeaders.set("Server-Timing", timing);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) servicesOf(loadContext).log.error({ err: error, url: request.url }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { log } = servicesOf(context);
  // React Router's own 4xx (a method a route does not take, a URL no route has) is the client's mistake.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn({ status: error.status, method: request.method, url: request.url }, error.statusText);
    return;
  }
  log.error({ err: error, method: request.method, url: request.url }, "unhandled error in a loader or action");
};
