// Outgoing webhooks (ADR 045): an admin adds URLs to a project; each alert and scheduled report of the
// project is POSTed to them as Slack-compatible or plain JSON, signed with the endpoint's secret
// (HMAC-SHA256 over `timestamp.body`), through the collectors' guarded client (no private addresses), and
// retried with growing pauses. Every attempt is kept on its delivery for the admin to read.
import { createHmac, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Services } from "~/core/context.server";
import type { Reader } from "~/core/reader";
import { isUuid, newestRows } from "~/core/sql.server";
import { type WebhookAttempt, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { checkSourceUrl, fetchPage, USER_AGENT } from "~/features/sources/collectors/http.server";
import { CollectError } from "~/features/sources/collectors/types";
import type { Language } from "~/i18n/config";
import type { ChannelText } from "./channel-text.server.ts";
import type { WebhookInput } from "./schemas.ts";
import { generateSigningSecret, openSecret, sealSecret } from "./sealed-secret.server.ts";

export const SIGNATURE_HEADER = "X-Kuzatuv-Signature";
export const TIMESTAMP_HEADER = "X-Kuzatuv-Timestamp";
/** Pauses before the 2nd … 7th attempt: 10 s, 1 min, 5 min, 30 min, 2 h, 6 h (about 8.6 hours in all). */
export const RETRY_PAUSES_SECONDS = [10, 60, 300, 1_800, 7_200, 21_600];
/** Deliveries listed per endpoint. */
const LISTED = 10;

/** `v1=` and the hex HMAC-SHA256 of `<timestamp>.<body>` under the endpoint's secret. */
export function signature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex")}`;
}

export type WebhookEvent = (typeof webhookDeliveries.$inferSelect)["event"];

/** What an event is about, as the plain JSON body carries it. */
export interface EventFacts {
  project: { id: string; name: string };
  alert?: { day: string; timeZone: string; value: number; baseline: number; threshold: number };
  report?: { id: string; title: string; periodStart: string; periodEnd: string };
}

/** Slack's mrkdwn treats these three as markup. */
const slackEscape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** The body for an endpoint's format: Slack's `{ text, blocks }`, or the plain schema (README). */
export function webhookBody(
  format: "slack" | "json",
  delivery: { id: string; event: WebhookEvent; createdAt: Date },
  facts: EventFacts,
  text: ChannelText,
): string {
  if (format === "slack") {
    const blocks: unknown[] = [{ type: "section", text: { type: "mrkdwn", text: `*${slackEscape(text.headline)}*` } }];
    if (text.link) {
      const link = `<${text.link}|${slackEscape(text.linkLabel)}>`;
      blocks.push({ type: "context", elements: [{ type: "mrkdwn", text: link }] });
    }
    return JSON.stringify({ text: text.headline, blocks });
  }
  return JSON.stringify({
    id: delivery.id,
    event: delivery.event,
    createdAt: delivery.createdAt.toISOString(),
    ...facts,
    text: text.headline,
    url: text.link,
  });
}

export interface WebhookTarget {
  id: string;
  format: "slack" | "json";
  language: Language;
}

/** The project's endpoints, for an event about it. */
export function projectEndpoints({ db }: Pick<Services, "db">, projectId: string): Promise<WebhookTarget[]> {
  return db
    .select({ id: webhookEndpoints.id, format: webhookEndpoints.format, language: webhookEndpoints.language })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.projectId, projectId));
}

/**
 * Stores a delivery of `subject` to each endpoint (once per endpoint, however often it is announced) and
 * queues a job for each one stored now. `textIn` writes the texts in an endpoint's language.
 */
export async function queueWebhookDeliveries(
  services: Pick<Services, "db" | "jobs">,
  endpoints: WebhookTarget[],
  event: { subject: string; type: WebhookEvent; facts: EventFacts },
  textIn: (language: Language) => Promise<ChannelText>,
) {
  for (const endpoint of endpoints) {
    const delivery = { id: randomUUID(), event: event.type, createdAt: new Date() };
    const body = webhookBody(endpoint.format, delivery, event.facts, await textIn(endpoint.language));
    const stored = await services.db
      .insert(webhookDeliveries)
      .values({ ...delivery, endpointId: endpoint.id, subject: event.subject, body })
      .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.subject] })
      .returning({ id: webhookDeliveries.id });
    for (const { id } of stored) await services.jobs.send("deliver-webhook", { deliveryId: id }, { singletonKey: id });
  }
}

/**
 * The `deliver-webhook` job: one attempt, recorded with its time, the receiver's status and what went wrong;
 * after a failure the next attempt is queued after its pause, until the last one.
 */
export async function deliverWebhook(services: Services, deliveryId: string, signal?: AbortSignal) {
  const { db, env, jobs } = services;
  const [row] = await db
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url, secretSealed: webhookEndpoints.secretSealed })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (row?.delivery.status !== "queued") return;
  const { delivery } = row;
  const attempt: WebhookAttempt = { at: new Date().toISOString(), status: null, error: null };
  const secret = openSecret(env, row.secretSealed);
  if (secret === null) {
    attempt.error = "The signing secret cannot be read (SESSION_SECRET changed): make a new secret";
  } else {
    // Signed when sent: the delivery may first wait behind another one to the same host (one at a time, each up
    // to the collectors' timeout), and receivers refuse timestamps older than five minutes (README).
    const headers = () => {
      const timestamp = Math.floor(Date.now() / 1000);
      return {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signature(secret, timestamp, delivery.body),
        "X-Kuzatuv-Event": delivery.event,
        "X-Kuzatuv-Delivery": delivery.id,
      };
    };
    try {
      attempt.status = (await fetchPage(services, row.url, { post: { body: delivery.body, headers }, signal })).status;
    } catch (error) {
      attempt.status = error instanceof CollectError ? error.httpStatus : null;
      attempt.error = error instanceof CollectError ? error.message : "An unexpected error";
    }
  }
  const attempts = [...delivery.attempts, attempt];
  const pause = secret === null ? undefined : RETRY_PAUSES_SECONDS[attempts.length - 1];
  const delivered = attempt.error === null;
  await db
    .update(webhookDeliveries)
    .set({
      attempts,
      status: delivered ? "delivered" : pause === undefined ? "failed" : "queued",
      nextAttemptAt: delivered || pause === undefined ? null : new Date(Date.now() + pause * 1000),
      deliveredAt: delivered ? new Date() : null,
    })
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!delivered && pause !== undefined) {
    await jobs.send("deliver-webhook", { deliveryId }, { singletonKey: deliveryId, startAfter: pause });
  }
}

/** A project's endpoints, each with its latest deliveries and their attempts (newest first). */
export async function listWebhooks({ db }: Pick<Services, "db">, projectId: string) {
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      format: webhookEndpoints.format,
      language: webhookEndpoints.language,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.projectId, projectId))
    .orderBy(webhookEndpoints.createdAt);
  return Promise.all(
    endpoints.map(async (endpoint) => {
      const deliveries = await newestRows(
        db,
        webhookDeliveries,
        {
          id: webhookDeliveries.id,
          event: webhookDeliveries.event,
          status: webhookDeliveries.status,
          attempts: webhookDeliveries.attempts,
          nextAttemptAt: webhookDeliveries.nextAttemptAt,
          createdAt: webhookDeliveries.createdAt,
        },
        { owner: webhookDeliveries.endpointId, id: endpoint.id, at: webhookDeliveries.createdAt, limit: LISTED },
      );
      return { ...endpoint, deliveries: deliveries.map((d) => ({ ...d, attempts: [...d.attempts].reverse() })) };
    }),
  );
}

/**
 * Adds an endpoint to the project after the URL passes the collectors' address check; answers its secret
 * (shown this once) or the translation key of the URL's problem.
 */
export async function addWebhook(
  services: Services,
  reader: Reader,
  projectId: string,
  input: WebhookInput,
): Promise<{ id: string; secret: string } | { fieldErrors: { url: string } }> {
  const problem = await checkSourceUrl(services, input.url);
  if (problem) return { fieldErrors: { url: `projects:webhooks.errors.${problem}` } };
  // A form sent twice (a double click, a reload that posts again) must not add the same endpoint twice.
  const [existing] = await services.db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.projectId, projectId),
        eq(webhookEndpoints.url, input.url),
        eq(webhookEndpoints.format, input.format),
        eq(webhookEndpoints.language, input.language),
      ),
    );
  if (existing) return { fieldErrors: { url: "projects:webhooks.errors.duplicate" } };
  const secret = generateSigningSecret();
  const [row] = await services.db
    .insert(webhookEndpoints)
    .values({ projectId, ...input, secretSealed: sealSecret(services.env, secret), createdBy: reader.id })
    .returning({ id: webhookEndpoints.id });
  return { id: row!.id, secret };
}

/** A new secret for one of the project's endpoints (the old one stops signing at once); null if none. */
export async function rotateWebhookSecret(services: Services, projectId: string, endpointId: string) {
  if (!isUuid(endpointId)) return null;
  const secret = generateSigningSecret();
  const updated = await services.db
    .update(webhookEndpoints)
    .set({ secretSealed: sealSecret(services.env, secret) })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.projectId, projectId)))
    .returning({ id: webhookEndpoints.id });
  return updated.length ? { id: endpointId, secret } : null;
}

/** Removes one of the project's endpoints with its deliveries; false when there was none. */
export async function deleteWebhook({ db }: Pick<Services, "db">, projectId: string, endpointId: string) {
  if (!isUuid(endpointId)) return false;
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.projectId, projectId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}
