// Shared copies of the pages every signed-out visitor gets alike (sign-in, sign-up): rendering one costs
// ~5 ms of CPU in React and React Router, serving a kept copy a few microseconds. See ADR 038.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { contentSecurityPolicy } from "./http.ts";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Everything a kept page may depend on besides its URL: language, theme and zone come from these. */
const KEYED_HEADERS = ["cookie", "accept-language", "sec-ch-prefers-color-scheme"];
/** Headers that belong to one response only, never to a kept copy. */
const OWN_HEADERS = new Set([
  "age",
  "connection",
  "content-length",
  "content-encoding",
  "content-security-policy",
  "date",
  "server-timing",
  "surrogate-control",
  "transfer-encoding",
  "x-request-id",
]);

interface Kept {
  headers: Record<string, string | number | readonly string[]>;
  br: Buffer;
  gzip: Buffer;
  stored: number;
  expires: number;
}

const keyOf = (req: Request) => [req.originalUrl, ...KEYED_HEADERS.map((name) => req.headers[name] ?? "")].join("\n");

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The CSP source for each inline script of a page, so a kept copy needs no per-response nonce. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * A response may be kept when the app marked it `Surrogate-Control: max-age=N` (the auth layout does, for
 * signed-out visitors), it is a 200 HTML page that sets no cookie, and it varies on nothing but the
 * keyed request headers.
 */
function keptFor(res: Response): number | null {
  const maxAge = /max-age=(\d+)/.exec(String(res.getHeader("surrogate-control") ?? ""))?.[1];
  if (!maxAge || res.statusCode !== 200 || res.getHeader("set-cookie")) return null;
  if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return null;
  const vary = String(res.getHeader("vary") ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (!vary.every((name) => name === "accept-encoding" || KEYED_HEADERS.includes(name))) return null;
  return Number(maxAge) * 1000;
}

export function pageCache({ maxEntries = 100 } = {}) {
  const kept = new Map<string, Kept>();
  const storing = new Set<string>();

  async function store(key: string, headers: Kept["headers"], html: Buffer, lifetime: number) {
    const hashes = inlineScriptHashes(html.toString("utf8"));
    // Brotli's best quality would save a kilobyte for ~130 ms of CPU, paid by every URL a visitor makes up.
    const [br, gz] = await Promise.all([
      brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
      gzip(html),
    ]);
    const now = Date.now();
    headers["content-security-policy"] = contentSecurityPolicy(hashes, false); // kept only in build mode
    if (kept.size >= maxEntries) kept.delete(kept.keys().next().value as string);
    kept.set(key, { headers, br, gzip: gz, stored: now, expires: now + lifetime });
  }

  return {
    /** Answers from a kept copy, ahead of compression and rendering; browsers that take no compression get a fresh page. */
    serve(req: Request, res: Response, next: NextFunction) {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      const key = keyOf(req);
      const page = kept.get(key);
      if (!page) return next();
      if (page.expires <= Date.now()) {
        kept.delete(key);
        return next();
      }
      const encoding = req.acceptsEncodings("br", "gzip");
      if (!encoding) return next();
      const body = encoding === "br" ? page.br : page.gzip;
      res.set(page.headers);
      res.vary("Accept-Encoding");
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.setHeader("Age", Math.floor((Date.now() - page.stored) / 1000));
      res.setHeader("Server-Timing", 'cache;desc="kept page"');
      res.end(body);
    },

    /** Watches a rendered page go out (before compression) and keeps a copy when the app allows it. */
    capture(req: Request, res: Response, next: NextFunction) {
      if (req.method !== "GET") return next();
      const key = keyOf(req);
      const chunks: Buffer[] = [];
      let lifetime: number | null | undefined;
      const decide = () => {
        if (lifetime !== undefined) return lifetime;
        if (res.headersSent || kept.has(key) || storing.has(key)) lifetime = null;
        else lifetime = keptFor(res);
        if (!res.headersSent) res.removeHeader("Surrogate-Control");
        if (lifetime) storing.add(key);
        return lifetime;
      };
      const keep = (chunk: unknown, encoding: unknown) => {
        if (chunk == null || typeof chunk === "function" || !decide()) return;
        chunks.push(
          typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
            : Buffer.from(chunk as Uint8Array),
        );
      };
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
        keep(chunk, encoding);
        return write(chunk as string, encoding as BufferEncoding, callback as () => void);
      }) as Response["write"];
      res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
        keep(chunk, encoding);
        const lifetimeMs = decide();
        if (lifetimeMs) {
          const headers = { ...res.getHeaders() } as Kept["headers"];
          for (const name of OWN_HEADERS) delete headers[name];
          // A page cut short (the client went away mid-stream) is not kept.
          res.once("finish", () => {
            store(key, headers, Buffer.concat(chunks), lifetimeMs)
              .catch(() => undefined) // not kept then: the next visitor's page is rendered
              .finally(() => storing.delete(key));
          });
          res.once("close", () => {
            if (!res.writableFinished) storing.delete(key);
          });
        }
        return end(chunk as string, encoding as BufferEncoding, callback as () => void);
      }) as Response["end"];
      next();
    },
  };
}
