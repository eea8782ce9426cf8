// Graceful stop for servers whose clients keep connections alive: server.close() alone waits for them
// to go quiet, which a busy client never does.
import type { Server, ServerResponse } from "node:http";

export interface Drainable {
  /**
   * Stops accepting connections, closes the idle ones now and every other one once its current
   * response is done (answered with `Connection: close`); resolves when the last one has closed.
   */
  drain(): Promise<void>;
}

export function drainable(server: Server): Drainable {
  let draining = false;
  const pending = new Set<ServerResponse>();
  // Ahead of the app's own listener, so the header is set before any handler can answer.
  server.prependListener("request", (_req, res: ServerResponse) => {
    if (draining) res.setHeader("Connection", "close");
    pending.add(res);
    res.on("close", () => {
      pending.delete(res);
      // A response that had started before the drain could not say `Connection: close`.
      if (draining) server.closeIdleConnections();
    });
  });
  return {
    drain() {
      draining = true;
      for (const res of pending) if (!res.headersSent) res.setHeader("Connection", "close");
      // close() also closes the connections idle right now.
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** Counts requests a handler is still working on, including those whose client has gone. */
export function inFlight<A extends unknown[]>(handler: (...args: A) => unknown) {
  let active = 0;
  let whenIdle: (() => void) | null = null;
  return {
    async handle(...args: A) {
      active++;
      try {
        await handler(...args);
      } finally {
        active--;
        if (active === 0) whenIdle?.();
      }
    },
    idle(): Promise<void> {
      if (active === 0) return Promise.resolve();
      return new Promise((resolve) => {
        whenIdle = resolve;
      });
    },
  };
}
