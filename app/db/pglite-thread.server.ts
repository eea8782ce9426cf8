// PGlite in a worker thread (ADR 040): PostgreSQL's WebAssembly runs there, so no query holds up the event
// loop that serves pages and health checks. `PGliteThread` has the part of PGlite's interface the app, Drizzle
// and pg-boss use (query, exec, transaction, listen, close); each statement is one message to the thread,
// which runs statements in the order they were sent. That order is what isolates a transaction: once it has
// begun, statements from outside it are sent after it ends.
import { Worker } from "node:worker_threads";
import { messages, type QueryOptions, type Results, TransactionAbortedError } from "@electric-sql/pglite";

export interface ThreadStart {
  /** PGlite's folder; none for an in-memory database. */
  dataDir?: string;
  startParams?: string[];
}

/** What the thread is asked to do. `textTypes`: types to answer as text, which the caller's parsers read. */
export type ThreadRequest = { id: number } & (
  | {
      kind: "query";
      sql: string;
      params?: unknown[];
      rowMode?: "array" | "object";
      paramTypes?: number[];
      textTypes?: number[];
    }
  | { kind: "exec"; sql: string; rowMode?: "array" | "object"; textTypes?: number[] }
  | { kind: "close" }
);

export type ThreadReply =
  | { id: number; result: unknown }
  | { id: number; error: Record<string, unknown> }
  | { notification: { channel: string; payload: string } };

/** The options a statement can take across threads: functions (parsers) run on this side. */
export type StatementOptions = Pick<QueryOptions, "rowMode" | "parsers" | "paramTypes">;

/** A transaction's statements: they go to the thread at once, in order, while others wait for its end. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: StatementOptions): Promise<Results<T>>;
  exec(sql: string, options?: StatementOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  sql?: string;
  params?: unknown[];
  options?: StatementOptions;
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 0;
  /** Set when the thread has stopped: every later statement fails with it. */
  #stopped: Error | undefined;
  /** Transactions begun or waiting to begin, and the end of the last one. */
  #transactions = 0;
  #lastTransactionEnd: Promise<void> = Promise.resolve();

  constructor(workerFile: URL | string, start: ThreadStart) {
    this.#worker = new Worker(workerFile, { workerData: start });
    // An idle database does not keep the process alive (as PGlite on the main thread did not).
    this.#worker.unref();
    this.#worker.on("message", (reply: ThreadReply) => this.#answer(reply));
    this.#worker.on("error", (error) => this.#stop(error));
    this.#worker.on("exit", (code) => this.#stop(new Error(`The database thread exited (code ${code}).`)));
  }

  query<T>(sql: string, params?: unknown[], options?: StatementOptions): Promise<Results<T>> {
    return this.#whenFree(() => this.#query<T>(sql, params, options));
  }

  exec(sql: string, options?: StatementOptions): Promise<Results[]> {
    return this.#whenFree(() => this.#exec(sql, options));
  }

  /** Runs `callback` in BEGIN … COMMIT, or ROLLBACK when it throws; other statements wait until then. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const previous = this.#transactions > 0 ? this.#lastTransactionEnd : undefined;
    let end!: () => void;
    this.#lastTransactionEnd = new Promise((resolve) => {
      end = resolve;
    });
    this.#transactions += 1;
    try {
      await previous;
      await this.#exec("BEGIN");
      let closed = false;
      const open = () => {
        if (closed) throw new Error("Transaction is closed");
      };
      const tx: ThreadTransaction = {
        query: async (sql, params, options) => {
          open();
          return this.#query(sql, params, options);
        },
        exec: async (sql, options) => {
          open();
          return this.#exec(sql, options);
        },
        rollback: async () => {
          open();
          await this.#exec("ROLLBACK");
          closed = true;
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          const [commit] = await this.#exec("COMMIT");
          if (commit?.command === "ROLLBACK") throw Object.assign(new TransactionAbortedError(), { query: "COMMIT" });
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await this.#exec("ROLLBACK");
        }
        throw error;
      }
    } finally {
      this.#transactions -= 1;
      end();
    }
  }

  /** Like PGlite's: LISTEN on `channel`; the returned function stops listening. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const name = postgresName(channel);
    const callbacks = this.#listeners.get(name) ?? new Set();
    this.#listeners.set(name, callbacks.add(callback));
    await this.exec(`LISTEN ${channel}`);
    return async () => {
      callbacks.delete(callback);
      if (callbacks.size === 0) {
        this.#listeners.delete(name);
        await this.exec(`UNLISTEN ${channel}`);
      }
    };
  }

  /** Waits for the statements sent before, closes PGlite (its files are complete then) and ends the thread. */
  async close() {
    if (this.#stopped) return;
    await this.#whenFree(() => this.#send({ kind: "close" }));
    this.#stop(new Error("The database is closed."));
    await this.#worker.terminate();
  }

  /** Sends at once unless a transaction is under way or waiting: then after the last one ends. */
  #whenFree<T>(send: () => Promise<T>): Promise<T> {
    return this.#transactions > 0 ? this.#lastTransactionEnd.then(send) : send();
  }

  #query<T>(sql: string, params?: unknown[], options?: StatementOptions) {
    const { rowMode, paramTypes } = options ?? {};
    const request = { kind: "query", sql, params, rowMode, paramTypes, textTypes: typesOf(options) } as const;
    return this.#send(request, { sql, params, options }) as Promise<Results<T>>;
  }

  #exec(sql: string, options?: StatementOptions) {
    const request = { kind: "exec", sql, rowMode: options?.rowMode, textTypes: typesOf(options) } as const;
    return this.#send(request, { sql, options }) as Promise<Results[]>;
  }

  #send(request: DistributiveOmit<ThreadRequest, "id">, statement: Omit<Pending, "resolve" | "reject"> = {}) {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#nextId;
    return new Promise<unknown>((resolve, reject) => {
      // Throws (and rejects) when a parameter cannot be copied to the thread, before anything waits for it.
      this.#worker.postMessage({ ...request, id });
      this.#pending.set(id, { resolve, reject, ...statement });
      if (this.#pending.size === 1) this.#worker.ref();
    });
  }

  #answer(reply: ThreadReply) {
    if ("notification" in reply) {
      const { channel, payload } = reply.notification;
      for (const callback of this.#listeners.get(channel) ?? []) queueMicrotask(() => callback(payload));
      return;
    }
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ("error" in reply) pending.reject(errorFrom(reply.error, pending));
    else pending.resolve(parsed(reply.result, pending.options));
  }

  #stop(error: Error) {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** PostgreSQL's name for a channel: as written when quoted, else in lower case (as PGlite does). */
const postgresName = (channel: string) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();

const typesOf = (options?: StatementOptions) =>
  options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;

/** Applies the caller's parsers to the values the thread left as text. */
function parsed(result: unknown, options?: StatementOptions) {
  const parsers = options?.parsers;
  if (!parsers) return result;
  for (const set of (Array.isArray(result) ? result : [result]) as Results<Record<string | number, unknown>>[]) {
    const columns = set.fields.flatMap(({ name, dataTypeID }, index) => {
      const parse = parsers[dataTypeID] as ((text: string) => unknown) | undefined;
      return parse ? [{ key: options.rowMode === "array" ? index : name, parse }] : [];
    });
    if (columns.length === 0) continue;
    for (const row of set.rows) {
      for (const { key, parse } of columns) {
        const text = row[key];
        if (text !== null && text !== undefined) row[key] = parse(text as string);
      }
    }
  }
  return result;
}

/** The thread's error as PGlite would have thrown it: a DatabaseError with PostgreSQL's fields, and the query. */
function errorFrom(fields: Record<string, unknown>, statement: Pending): Error {
  const message = String(fields.message);
  const error =
    "severity" in fields
      ? new messages.DatabaseError(message, Number(fields.length), fields.name as messages.MessageName)
      : new Error(message);
  return Object.assign(error, fields, {
    query: statement.sql,
    params: statement.params,
    queryOptions: statement.options,
  });
}
