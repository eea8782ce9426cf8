import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { timeQueriesOf } from "../lib/timing.server.ts";
import {
  type Connection,
  type ConnectionOptions,
  connect,
  disconnect,
  drizzleOn,
  migrate,
} from "./connection.server.ts";
import { watchWrites } from "./kept-reads.server.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  connection: Connection;
  driver: Connection["driver"];
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `root` is the project folder holding `drizzle/app` (the server passes it, since the bundle's own
 * location says nothing about it); without it the path is taken from this source file.
 */
export function openDatabase(options: ConnectionOptions): DatabaseHandle {
  const connection = connect(options);
  timeQueriesOf(connection.client);
  if (connection.driver === "pglite") watchWrites(connection.client);
  const migrationsFolder = options.root
    ? path.join(options.root, "drizzle/app")
    : fileURLToPath(new URL("../../drizzle/app", import.meta.url));
  return {
    db: drizzleOn(connection, schema),
    connection,
    driver: connection.driver,
    migrate: () => migrate(connection, { folder: migrationsFolder, table: "app_migrations", lockKey: 727_274_001 }),
    close: () => disconnect(connection),
  };
}

let current: DatabaseHandle | undefined;

/** Installs the process-wide database (done once by the server at start, or by a test). */
export function setDatabase(handle: DatabaseHandle | undefined) {
  current = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  if (!current) throw new Error("The database has not been opened; call setDatabase(openDatabase(...)) at start.");
  return current;
}

export function getDb(): Database {
  return getDatabaseHandle().db;
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(query: SQL): Promise<T[]> {
  const result = (await getDb().execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
