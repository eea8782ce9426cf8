import { stdSerializers } from "pino";

/**
 * pino's error serializer, minus the parameters of a failed query: Drizzle puts them in the
 * error's `params` and its message, and they are user data (a bio, a password's hash). The query
 * itself (placeholders only) stays, and so does the database's own error in `cause`.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return withoutQueryParams(stdSerializers.err(error) as unknown as Record<string, unknown>);
}

function withoutQueryParams(serialized: Record<string, unknown>): Record<string, unknown> {
  const out = { ...serialized };
  if (typeof out.query === "string" && "params" in out) {
    const message = String(out.message);
    const safe = `Failed query: ${out.query}`;
    delete out.params;
    out.message = safe;
    if (typeof out.stack === "string") out.stack = out.stack.replace(message, safe);
  }
  if (out.cause && typeof out.cause === "object") out.cause = withoutQueryParams(out.cause as Record<string, unknown>);
  return out;
}

/** For every logger of the app and the auth service. */
export const logSerializers = { err: serializeError };
