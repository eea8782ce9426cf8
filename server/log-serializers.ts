import { stdSerializers } from "pino";

/**
 * pino's error serializer, minus the parameters of a failed query: Drizzle puts them in the
 * error's `params` and message, and they are user data (a bio, an e-mail address). The query itself
 * (placeholders only) stays, and so does the database's own error.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const out = { ...stdSerializers.err(error) } as Record<string, unknown>;
  delete out.params;
  // The message and stack repeat those of every cause, so each failed query in the chain is cut out.
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { query, params } = e as { query?: unknown; params?: unknown };
    if (typeof query !== "string" || params === undefined) continue;
    for (const key of ["message", "stack"]) {
      const text = out[key];
      if (typeof text === "string") out[key] = text.replaceAll(e.message, `Failed query: ${query}`);
    }
  }
  return out;
}

/** For every logger of the server (the app's log is the one server/main.ts makes) and the auth service. */
export const logSerializers = { err: serializeError };
