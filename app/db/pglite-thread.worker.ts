// The worker thread that runs PGlite for `PGliteThread` (pglite-thread.server.ts, ADR 040). It runs each
// statement in the order it arrived and answers with PGlite's result or error. Node runs this file from
// source, also next to the production bundle: it imports nothing of the app.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type QueryOptions } from "@electric-sql/pglite";
import type { ThreadReply, ThreadRequest, ThreadStart } from "./pglite-thread.server.ts";

const { dataDir, startParams } = workerData as ThreadStart;
const db = new PGlite(dataDir, { startParams });
// A database that cannot open fails every statement with the reason; it is not also an unhandled rejection.
db.waitReady.catch(() => {});
const port = parentPort!;

db.onNotification((channel, payload) => port.postMessage({ notification: { channel, payload } } satisfies ThreadReply));

/** Values of these types come back as PostgreSQL's text: the caller's own parsers read them. */
const asText = (types: number[] | undefined): QueryOptions["parsers"] =>
  types?.length ? Object.fromEntries(types.map((type) => [type, (text: string) => text])) : undefined;

function run(request: ThreadRequest) {
  if (request.kind === "close") return db.close();
  const { rowMode, textTypes } = request;
  if (request.kind === "exec") return db.exec(request.sql, { rowMode, parsers: asText(textTypes) });
  return db.query(request.sql, request.params, { rowMode, paramTypes: request.paramTypes, parsers: asText(textTypes) });
}

/** An error as plain fields (a structured clone of an Error keeps only its message): PostgreSQL's code, detail… */
function fieldsOf(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  // The query, its parameters and options are the caller's own: it puts them back.
  const {
    query: _query,
    params: _params,
    queryOptions: _options,
    ...fields
  } = error as Error & Record<string, unknown>;
  return { ...fields, name: error.name, message: error.message };
}

let previous: Promise<unknown> = Promise.resolve();
port.on("message", (request: ThreadRequest) => {
  previous = previous.then(async () => {
    try {
      const result = await run(request);
      port.postMessage({ id: request.id, result } satisfies ThreadReply);
    } catch (error) {
      port.postMessage({ id: request.id, error: fieldsOf(error) } satisfies ThreadReply);
    }
  });
});
