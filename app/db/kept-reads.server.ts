// Reads that every signed-in page repeats (the session version, preferences, the project list, the bell's
// count) kept in memory until this process next writes to the database (ADR 036). Only on the embedded
// database: the data-directory lock makes this process its only writer, and each of its statements passes
// through the client watched here. With PostgreSQL other instances write too, so every read is made.
import { getDatabaseHandle } from "./client.server.ts";
import type { PGliteThread } from "./pglite-thread.server.ts";

// A statement that can change what a kept read returns. pg-boss's own bookkeeping (its polls write every
// few seconds) changes none of the app's tables.
const WRITE = /\b(insert|update|delete|merge|truncate|copy|create|alter|drop)\b/i;
const changesAppData = (sql: unknown) => typeof sql !== "string" || (WRITE.test(sql) && !sql.includes("pgboss."));

/** A bound on any read's age, should a change ever reach the database some other way. */
const MAX_AGE_MS = 60_000;
const MAX_KEPT = 5_000;

interface Kept {
  until: number;
  value: Promise<unknown>;
}

/** The reads kept per watched client; a completed write empties it. */
const watched = new WeakMap<PGliteThread, Map<string, Kept>>();

/** Empties the kept reads after every completed write made through `client`: query, exec, transactions. */
export function watchWrites(client: PGliteThread) {
  const kept = new Map<string, Kept>();
  watched.set(client, kept);
  const after = <T>(promise: Promise<T>, wrote: boolean) => (wrote ? promise.finally(() => kept.clear()) : promise);
  const { query, exec, transaction } = client;
  client.query = ((sql: string, ...rest: never[]) =>
    after(query.call(client, sql, ...rest), changesAppData(sql))) as typeof client.query;
  client.exec = ((sql: string, ...rest: never[]) =>
    after(exec.call(client, sql, ...rest), changesAppData(sql))) as typeof client.exec;
  client.transaction = ((callback: never) =>
    after(transaction.call(client, callback), true)) as typeof client.transaction;
}

/**
 * `read()`, or what it returned for the same key since the last write. The value is shared by every caller:
 * it is frozen, so code that would change it fails in tests rather than leaking into other requests.
 */
export function keptRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const { connection } = getDatabaseHandle();
  const kept = connection.driver === "pglite" ? watched.get(connection.client) : undefined;
  if (!kept) return read();
  const now = Date.now();
  const entry = kept.get(key);
  if (entry && entry.until > now) return entry.value as Promise<T>;
  const value = read().then(freeze);
  // Map order is insertion order: the first entry is the oldest.
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
  // Kept from the start, so requests arriving meanwhile share the read; a write meanwhile drops it.
  kept.set(key, { until: now + MAX_AGE_MS, value });
  value.catch(() => kept.get(key)?.value === value && kept.delete(key));
  return value;
}

function freeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) freeze(inner);
  }
  return value;
}
