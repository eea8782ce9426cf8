// Where a request's time goes, for the `Server-Timing` header of document responses: the database
// time (the sum of every query's duration, so parallel queries count each), and the render time.
import { AsyncLocalStorage } from "node:async_hooks";

interface RequestTiming {
  start: number;
  db: number;
  queries: number;
}

const storage = new AsyncLocalStorage<RequestTiming>();

/** Runs one request's handling (loaders, render) with a fresh timing record. */
export function withRequestTiming<T>(handle: () => T): T {
  return storage.run({ start: performance.now(), db: 0, queries: 0 }, handle);
}

/** Counts a query's duration in the current request's database time. */
export async function timeQuery<T>(query: () => Promise<T>): Promise<T> {
  const timing = storage.getStore();
  if (!timing) return query();
  const start = performance.now();
  try {
    return await query();
  } finally {
    timing.db += performance.now() - start;
    timing.queries += 1;
  }
}

/** Makes every query sent through `client.query` count in the request's database time. */
export function timeQueriesOf(client: { query: (...args: never[]) => unknown }) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  client.query = ((...args: unknown[]) => timeQuery(() => query(...args))) as typeof client.query;
}

/** The header's value: database time and query count, render time, and the total so far. */
export function serverTiming(renderMs: number): string | null {
  const timing = storage.getStore();
  if (!timing) return null;
  const ms = (value: number) => value.toFixed(1);
  return [
    `db;dur=${ms(timing.db)};desc="${timing.queries} queries"`,
    `render;dur=${ms(renderMs)}`,
    `total;dur=${ms(performance.now() - timing.start)}`,
  ].join(", ");
}
