// Page and data loads are admitted a few at a time, the rest wait in arrival order. One process does
// the rendering and (with PGlite) the queries on one thread, so sixty requests at work at once answer no
// sooner than eight would: they only hold sixty pages in memory and answer in a haphazard order, a few
// after many seconds. Posts are not held back (an answer may stream for as long as a model writes).
import type { RequestHandler } from "express";

export function admission(limit: number): RequestHandler {
  let active = 0;
  const waiting = new Set<() => void>();
  const release = () => {
    const next = waiting.values().next();
    if (next.done) {
      active--;
      return;
    }
    waiting.delete(next.value);
    next.value();
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const start = () => {
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        release();
      };
      res.once("finish", done);
      res.once("close", done);
      next();
    };
    if (active < limit) {
      active++;
      start();
      return;
    }
    waiting.add(start);
    // A client that gives up while waiting leaves the queue.
    res.once("close", () => waiting.delete(start));
  };
}
