// The database connection shared by the app and the embedded auth service: PGlite in a folder (or in
// memory), or a PostgreSQL pool. Each owner builds its own Drizzle schema and migrations on top.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { PGliteThread } from "./pglite-thread.server.ts";

export type Connection = { driver: "pglite"; client: PGliteThread } | { driver: "postgres"; client: pg.Pool };

export interface ConnectionOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files, or `memory://` for a throwaway in-memory database. */
  dataDir: string;
  /**
   * The project folder, where PGlite's thread finds its file (app/db); the server bundle passes it, since its
   * own location says nothing about it. Without it the file is found beside this source file.
   */
  root?: string;
}

/** PGlite runs in a worker thread of its own (ADR 040), so its WebAssembly never blocks the event loop. */
export function connect({ databaseUrl, dataDir, root }: ConnectionOptions): Connection {
  if (databaseUrl) return { driver: "postgres", client: new pg.Pool({ connectionString: databaseUrl, max: 10 }) };
  const workerFile = root
    ? path.join(root, "app/db/pglite-thread.worker.ts")
    : fileURLToPath(new URL("./pglite-thread.worker.ts", import.meta.url));
  if (dataDir.startsWith("memory://")) return { driver: "pglite", client: new PGliteThread(workerFile, {}) };
  fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  // PostgreSQL's 128 MB of shared buffers live in the process's own memory here, on top of the page cache
  // that already holds the files: a quarter of that keeps the server's memory down for little time.
  const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];
  const client = new PGliteThread(workerFile, { dataDir: path.resolve(dataDir, "pglite"), startParams });
  return { driver: "pglite", client };
}

export function drizzleOn<S extends Record<string, unknown>>(connection: Connection, schema: S) {
  const db =
    connection.driver === "postgres"
      ? drizzlePg({ client: connection.client, schema })
      : drizzlePglite({ client: asPGlite(connection.client), schema });
  return db as unknown as PgDatabase<PgQueryResultHKT, S>;
}

/** Drizzle's PGlite driver (and its migrator) calls only `query` and `transaction`, which the thread's client has. */
const asPGlite = (client: PGliteThread) => client as unknown as PGlite;

export interface MigrationSet {
  folder: string;
  /** Where Drizzle records applied migrations, so several sets can share one database. */
  table: string;
  /** Any constant, the same for every instance migrating this set: a PostgreSQL advisory lock key. */
  lockKey: number;
}

/** Applies pending migrations; on PostgreSQL under an advisory lock so instances can start together. */
export async function migrate(connection: Connection, set: MigrationSet) {
  const options = { migrationsFolder: set.folder, migrationsTable: set.table, migrationsSchema: "drizzle" };
  if (connection.driver === "pglite") {
    await migratePglite(drizzlePglite({ client: asPGlite(connection.client) }), options);
    return;
  }
  const client = await connection.client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [set.lockKey]);
    await migratePg(drizzlePg({ client }), options);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [set.lockKey]).catch(() => {});
    client.release();
  }
}

export function disconnect(connection: Connection): Promise<void> {
  return connection.driver === "postgres" ? connection.client.end() : connection.client.close();
}
