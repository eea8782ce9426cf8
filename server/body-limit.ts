// Request bodies are bounded before anyone reads them: React Router's request.formData() would
// otherwise hold a body of any size in memory.
import type { NextFunction, Request, Response } from "express";

export const MEGABYTE = 1024 ** 2;

/**
 * The largest body per path prefix, `/` being every path: the longest matching prefix wins. A segment
 * `*` stands for any one segment (an id); React Router's data requests (`<path>.data`) count as their page.
 */
export type BodyLimits = { "/": number } & Record<string, number>;

const segments = (path: string) => path.split("/").filter(Boolean);

export function limitFor(limits: BodyLimits, pathname: string): number {
  const path = segments(pathname.replace(/\.data$/, ""));
  let best = "/";
  for (const prefix of Object.keys(limits)) {
    const wanted = segments(prefix);
    const matches = wanted.length <= path.length && wanted.every((s, i) => s === "*" || s === path[i]);
    if (matches && prefix.length > best.length) best = prefix;
  }
  return limits[best] ?? limits["/"];
}

type TooLargePage = (headers: Headers, limitBytes: number) => Promise<string>;

/**
 * Answers 413 (with a page naming the limit; JSON under /api/) as soon as a body is known to be too
 * large: from its Content-Length before reading any of it, or, sent in chunks without one, once the bytes received pass
 * the limit. The connection is then closed; the handler reading a chunked body sees it fail.
 */
export function bodyLimit(limits: BodyLimits, page: TooLargePage) {
  return (req: Request, res: Response, next: NextFunction) => {
    const limit = limitFor(limits, req.path);
    const refuse = async () => {
      if (req.path.startsWith("/api/")) {
        const message = `The body is larger than ${limit / MEGABYTE} MB`;
        res.status(413).set("Connection", "close").json({ error: "payload_too_large", message });
        return;
      }
      const language = { cookie: req.get("cookie") ?? "", "accept-language": req.get("accept-language") ?? "" };
      const html = await page(new Headers(language), limit);
      if (res.headersSent) return;
      res.status(413).set("Connection", "close").type("html").send(html);
    };
    const declared = req.get("content-length");
    if (declared !== undefined) {
      if (Number(declared) > limit) return refuse().catch(next);
      return next();
    }
    if (!req.get("transfer-encoding")) return next();
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) return;
      req.off("data", count);
      // Stop the upload once the answer is out (destroying the request closes the connection).
      const stop = () => req.destroy(new Error(`request body over the ${limit}-byte limit`));
      const afterAnswer = () => (res.writableFinished ? stop() : res.once("finish", stop));
      if (res.headersSent) return afterAnswer();
      refuse().then(afterAnswer, (error) => {
        stop();
        next(error);
      });
    };
    // Counting must not start the flow before the handler listens: pause first (its read resumes it).
    req.pause();
    req.on("data", count);
    next();
  };
}
