import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** Gives every request an id (kept from X-Request-Id when sane) and logs one line when it finishes. */
export function requestLogging(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    res.on("close", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        requestId,
        method: req.method,
        url: req.originalUrl,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        bytes: Number(res.getHeader("content-length")) || undefined,
        aborted: !res.writableFinished || undefined,
      };
      if (res.statusCode >= 500) log.error(line, "request");
      else log.info(line, "request");
    });
    next();
  };
}

/** Headers every response gets, static files included. */
export function baseHeaders(production: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (production && req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * Serves the Brotli copy written by scripts/precompress.ts when the browser accepts it; otherwise the
 * request falls through to the plain file (compressed on the fly).
 */
export function precompressedAssets(assetsDir: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    res.vary("Accept-Encoding");
    const file = path.join(assetsDir, path.normalize(req.path));
    if (!file.startsWith(assetsDir) || !req.acceptsEncodings("br") || !fs.existsSync(`${file}.br`)) return next();
    res.type(path.extname(file));
    res.setHeader("Content-Encoding", "br");
    req.url = `${req.path}.br`;
    next();
  };
}

/** The pages' Content-Security-Policy; scripts run from our origin, or inline when `scriptSources` names them. */
export function contentSecurityPolicy(scriptSources: string[], dev: boolean) {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}${dev ? " 'unsafe-inline'" : ""}`,
    // Radix and sonner position elements with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Page security headers with a fresh CSP nonce per request (kept in res.locals.nonce for the renderer). */
export function securityHeaders({ dev }: { dev: boolean }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`], dev));
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    next();
  };
}
