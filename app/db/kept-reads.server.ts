// Reads that every signed-in page repeats (the session version, preferences, the project list, the bell's
// count, the overview's open tasks) kept in memory until what they read changes (ADR 036, ADR 048). Only on the
// embedded database, where this process is the only writer (the data-directory lock). Triggers on the tables
// these reads use (drizzle/app/0016_kept_reads.sql) send a notice with every statement that changes them,
// delivered when it commits and before that statement's own answer: the notice empties what is kept. On
// PostgreSQL other instances write too, and a notice would reach this one later than their answer reaches the
// browser: every read goes to the database.
import type { Connection } from "./connection.server.ts";

export const KEPT_READS_CHANNEL = "kept_reads_changed";

/** A bound on any read's age, should a kept read ever read a table without the trigger. */
const MAX_AGE_MS = 60_000;
const MAX_KEPT = 5_000;

export interface KeptReads {
  /**
   * `read()`, or what it returned for the same key since the last change to the tables it reads. The value is
   * shared by every caller: it is frozen, so code that would change it fails in tests rather than leaking into
   * other requests. A key names everything else the read depends on (the user, their scope, language, zone).
   */
  read<T>(key: string, read: () => Promise<T>): Promise<T>;
}

/** Every read goes to the database. */
export const noKeptReads: KeptReads = { read: (_key, read) => read() };

/** Kept reads on the embedded database; on PostgreSQL none are kept. */
export function keepReads(connection: Connection): KeptReads {
  if (connection.driver !== "pglite") return noKeptReads;
  const kept = new Map<string, { until: number; value: Promise<unknown> }>();
  // The thread runs statements in the order sent, so once LISTEN has answered, the notice of every later change
  // arrives. Until then nothing is kept.
  let listening = false;
  connection.client
    .listen(KEPT_READS_CHANNEL, () => kept.clear())
    .then(
      () => {
        listening = true;
      },
      // A database that cannot open fails its reads with the reason; nothing is kept.
      () => {},
    );
  return {
    read<T>(key: string, read: () => Promise<T>): Promise<T> {
      if (!listening) return read();
      const now = Date.now();
      const entry = kept.get(key);
      if (entry && entry.until > now) return entry.value as Promise<T>;
      const value = read().then(freeze);
      // Map order is insertion order: the first entry is the oldest.
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      // Kept from the start, so requests arriving meanwhile share the read; a change meanwhile drops it.
      kept.set(key, { until: now + MAX_AGE_MS, value });
      value.catch(() => kept.get(key)?.value === value && kept.delete(key));
      return value;
    },
  };
}

function freeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) freeze(inner);
  }
  return value;
}
