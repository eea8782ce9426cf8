/**
 * The webhook collector: `POST /api/ingest/<sourceId>` with `Authorization: Bearer <secret>` and a JSON
 * body of one item or an array of up to 1 000. Answers are JSON `{ error, message }` with an English
 * machine code, so a sender's program can act on them (ADR 022).
 */
import { eq } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import { isUuid } from "~/core/sql.server";
import { sources } from "~/db/schema";
import { ingest } from "./ingest.server.ts";
import { ITEM_PROBLEMS, validateItems } from "./item-schema.ts";
import { verifyWebhookSecret } from "./webhook-secret.server.ts";

export const MAX_DELIVERY_BYTES = 1024 ** 2;
export const MAX_DELIVERY_ITEMS = 1_000;
/** Deliveries per source per minute; a burst of that many is allowed, then one a second. */
export const DELIVERIES_PER_MINUTE = 60;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

/** One delivery as the route read it from the request. */
export interface Delivery {
  method: string;
  /** The token of an `Authorization: Bearer <token>` header. */
  secret: string | null;
  /** The media type of Content-Type, without its parameters. */
  contentType: string;
  /** The Content-Length header, if the sender gave one. */
  contentLength: number | null;
  /** Reads the body; called only once the sender is known, allowed and within the rate. */
  body: () => Promise<ArrayBuffer>;
}

/** What to answer the sender: a status, a JSON body and headers. */
export interface DeliveryAnswer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

function apiError(
  status: number,
  error: string,
  message: string,
  extra: object = {},
  headers?: Record<string, string>,
): DeliveryAnswer {
  return { status, body: { error, message, ...extra }, headers };
}

// One token bucket per source, in this process: several instances each allow the rate (ADR 022).
const buckets = new Map<string, { tokens: number; at: number }>();

/** Takes one delivery from the source's bucket; the seconds to wait when it is empty. */
export function takeDelivery(sourceId: string, now = Date.now()): { ok: true } | { ok: false; retryAfter: number } {
  const perMs = DELIVERIES_PER_MINUTE / 60_000;
  const bucket = buckets.get(sourceId) ?? { tokens: DELIVERIES_PER_MINUTE, at: now };
  bucket.tokens = Math.min(DELIVERIES_PER_MINUTE, bucket.tokens + (now - bucket.at) * perMs);
  bucket.at = now;
  buckets.set(sourceId, bucket);
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return { ok: true };
  }
  return { ok: false, retryAfter: Math.ceil((1 - bucket.tokens) / perMs / 1000) };
}

const unauthorized = () =>
  apiError(
    401,
    "unauthorized",
    "Unknown source or wrong secret: send Authorization: Bearer <the source's secret>",
    {},
    {
      "WWW-Authenticate": 'Bearer realm="kuzatuv-ingest"',
    },
  );

/** The token of an Authorization header, when it is `Bearer <token>`. */
export function bearerToken(authorization: string | null): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? null;
}

/** Reads, checks and ingests one delivery; never throws for anything the sender did. */
export async function receiveDelivery(
  services: Services,
  sourceId: string,
  delivery: Delivery,
): Promise<DeliveryAnswer> {
  const { db } = services;
  if (delivery.method !== "POST") {
    return apiError(405, "method_not_allowed", "Deliveries are POSTed", {}, { Allow: "POST" });
  }
  const { secret } = delivery;
  const [source] = isUuid(sourceId) ? await db.select().from(sources).where(eq(sources.id, sourceId)) : [];
  // An unknown source, a source of another type and a wrong secret answer alike: nothing to probe.
  if (source?.type !== "webhook" || !secret || !verifyWebhookSecret(secret, source.webhookSecretHash)) {
    return unauthorized();
  }
  if (source.status === "paused") {
    return apiError(409, "source_paused", "This source is paused in Kuzatuv; resume it to accept deliveries");
  }
  const taken = takeDelivery(source.id);
  if (!taken.ok) {
    return apiError(
      429,
      "rate_limited",
      `At most ${DELIVERIES_PER_MINUTE} deliveries a minute per source; retry after ${taken.retryAfter} s`,
      { retryAfter: taken.retryAfter },
      { "Retry-After": String(taken.retryAfter) },
    );
  }
  if (!JSON_TYPE.test(delivery.contentType)) {
    return apiError(415, "unsupported_media_type", "Send JSON with Content-Type: application/json");
  }
  if ((delivery.contentLength ?? 0) > MAX_DELIVERY_BYTES) return tooLarge();

  let body: string;
  try {
    body = new TextDecoder("utf-8", { fatal: true }).decode(await delivery.body());
  } catch {
    return apiError(400, "unreadable_body", "The body could not be read as UTF-8 text");
  }
  if (Buffer.byteLength(body) > MAX_DELIVERY_BYTES) return tooLarge();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    return apiError(400, "invalid_json", `The body is not valid JSON: ${(error as Error).message}`);
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  if (items.length > MAX_DELIVERY_ITEMS) {
    return apiError(
      400,
      "too_many_items",
      `At most ${MAX_DELIVERY_ITEMS} items per delivery; this one has ${items.length}`,
    );
  }
  const checked = await validateItems(items);
  if (!checked.ok) {
    const errors = checked.errors.map(({ index, field, problem }) => ({
      index,
      field,
      code: problem,
      message: `${field ?? "item"} ${ITEM_PROBLEMS[problem]}`,
    }));
    const invalid = new Set(errors.map((e) => e.index)).size;
    return apiError(400, "invalid_items", `${invalid} of ${items.length} items are invalid; nothing was stored`, {
      errors,
    });
  }

  const result = await ingest(services, source.id, checked.items);
  await db
    .update(sources)
    .set({ lastFetchedAt: new Date(), lastResult: "ok", lastError: null, lastNewItems: result.new })
    .where(eq(sources.id, source.id));
  return {
    status: 202,
    body: {
      new: result.new,
      duplicate: result.duplicate,
      matched: result.matched,
      rejected: result.rejected.length,
      rejections: result.rejected,
    },
  };
}

function tooLarge() {
  return apiError(413, "payload_too_large", `The body is larger than ${MAX_DELIVERY_BYTES / 1024 ** 2} MB`);
}
