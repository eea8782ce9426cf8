// A real HTTP server on loopback playing the outside world for collector tests: it serves the files in
// tests/fixtures/collect/ (with ETag and Last-Modified, answering conditional GETs with 304; `{{origin}}` in a UTF-8
// file becomes the server's own origin, for absolute links) and any path a test programs with `route`
// (status codes, redirects, slow or huge answers, generated pages).
// Collectors refuse loopback addresses unless COLLECTOR_ALLOW_PRIVATE=1, so tests that use it turn that on.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export const COLLECT_FIXTURES = path.resolve(import.meta.dirname, "../fixtures/collect");

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

export interface FixtureServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  url(path: string): string;
  /** Answers `path` (matched without its query) with `handler` from now on, instead of a file. */
  route(path: string, handler: Handler): void;
  /** Every request received, in order. */
  requests: Array<{ method: string; path: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".xml": "application/xml",
  ".json": "application/feed+json",
  ".html": "text/html",
};
// Fixed, so a test can send it back as If-Modified-Since.
export const FIXTURE_LAST_MODIFIED = "Mon, 02 Nov 2026 10:00:00 GMT";

export async function startFixtureServer(dir = COLLECT_FIXTURES): Promise<FixtureServer> {
  const routes = new Map<string, Handler>();
  const requests: FixtureServer["requests"] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fixture.test");
    requests.push({ method: req.method ?? "GET", path: url.pathname + url.search, headers: req.headers });
    const handler = routes.get(url.pathname) ?? serveFile(dir, url.pathname);
    Promise.resolve(handler(req, res, url)).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(500).end(error.message);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (p) => new URL(p, origin).href,
    route: (p, handler) => void routes.set(p, handler),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A file from the fixture folder; a matching If-None-Match or If-Modified-Since gets a 304. */
export function serveFile(dir: string, pathname: string, headers: Record<string, string> = {}): Handler {
  return async (req, res) => {
    const file = path.join(dir, path.normalize(decodeURIComponent(pathname)));
    let body: Buffer;
    try {
      body = await fs.readFile(file);
      if (body.includes("{{origin}}"))
        body = Buffer.from(body.toString("utf8").replaceAll("{{origin}}", `http://${req.headers.host}`));
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const etag = `"${createHash("sha1").update(body).digest("hex").slice(0, 16)}"`;
    const validators = { etag, "last-modified": FIXTURE_LAST_MODIFIED };
    const since = req.headers["if-modified-since"];
    if (req.headers["if-none-match"] === etag || (since && Date.parse(since) >= Date.parse(FIXTURE_LAST_MODIFIED))) {
      res.writeHead(304, validators).end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? "application/octet-stream";
    res.writeHead(200, { "content-type": type, ...validators, ...headers }).end(body);
  };
}

/** A fixture file served under any path, with extra headers (e.g. a Content-Type with a charset). */
export const file = (name: string, headers: Record<string, string> = {}): Handler =>
  serveFile(COLLECT_FIXTURES, `/${name}`, headers);

export const status =
  (code: number, body = ""): Handler =>
  (_req, res) =>
    void res.writeHead(code, { "content-type": "text/plain" }).end(body);

export const redirect =
  (location: string, code = 302): Handler =>
  (_req, res) =>
    void res.writeHead(code, { location }).end();

/** Sends nothing for `ms` (a server that hangs), then a small page. */
export const slow =
  (ms: number): Handler =>
  (_req, res) =>
    void setTimeout(() => {
      if (!res.destroyed) res.writeHead(200, { "content-type": "text/plain" }).end("late");
    }, ms).unref();

/** A 200 with `bytes` of XML-ish filler, streamed in chunks and without a Content-Length. */
export const huge =
  (bytes: number): Handler =>
  (_req, res) => {
    res.writeHead(200, { "content-type": "application/xml" });
    const chunk = Buffer.alloc(64 * 1024, "<x>filler</x>");
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  };
