import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { timeQueriesOf } from "~/lib/timing.server";
import {
  type Connection,
  type ConnectionOptions,
  connect,
  disconnect,
  drizzleOn,
  migrate,
} from "./connection.server.ts";
import { type KeptReads, keepReads } from "./kept-reads.server.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kept: KeptReads;
  connection: Connection;
  driver: Connection["driver"];
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the app's database, once per process (the server's start-up module, a script, a test file).
 * `root` is the project folder holding `drizzle/app` (the server passes it, since the bundle's own
 * location says nothing about it); without it the path is taken from this source file.
 */
export function openDatabase(options: ConnectionOptions): DatabaseHandle {
  const connection = connect(options);
  timeQueriesOf(connection.client);
  const migrationsFolder = options.root
    ? path.join(options.root, "drizzle/app")
    : fileURLToPath(new URL("../../drizzle/app", import.meta.url));
  return {
    db: drizzleOn(connection, schema),
    kept: keepReads(connection),
    connection,
    driver: connection.driver,
    migrate: () => migrate(connection, { folder: migrationsFolder, table: "app_migrations", lockKey: 727_274_001 }),
    close: () => disconnect(connection),
  };
}
