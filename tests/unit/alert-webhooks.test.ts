// Outgoing webhooks (ADR 045) against a real HTTP receiver on loopback, the real job queue, the real auth
// service and a real database: an admin adds a URL (its secret shown once), the collectors' address guard
// refuses private addresses when the URL is saved and when it is called, alerts and scheduled reports arrive
// signed so the receiver can check them, failures are retried with growing pauses, and the admin sees the
// attempts.
import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { alerts, reports, telegramMessages, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { deliverAlert } from "~/features/alerts/deliver.server";
import { queueAlertBackstop } from "~/features/alerts/detect.server";
import { deliverWebhook, RETRY_PAUSES_SECONDS } from "~/features/alerts/webhooks.server";
import { runScheduledReport } from "~/features/reports/generate.server";
import { type Env, parseEnv } from "~/lib/env.server";
import { action, loader } from "~/routes/_app.projects.$projectId.webhooks";
import type { RunningJobQueue } from "../../server/jobs/queue";
import { startAuthService } from "../support/auth-service";
import { aProject, openTestDatabase } from "../support/builders";
import { jobsSettled, startTestJobQueue } from "../support/jobs";
import { setTestEnv, testEnv, testServices } from "../support/services";
import { signedInContext } from "../support/session";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

let handle: DatabaseHandle;
let auth: Awaited<ReturnType<typeof startAuthService>>;
let queue: RunningJobQueue;
const received: Received[] = [];
/** Statuses the receiver answers with, in order; 200 once they run out. */
const answers: number[] = [];
const receiver = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
  res.writeHead(answers.shift() ?? 200).end("ok");
});
let receiverUrl: string;
let env: Env;

beforeAll(async () => {
  handle = await openTestDatabase();
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/kuzatuv`;
  setTestEnv(parseEnv({ ...process.env, COLLECTOR_ALLOW_PRIVATE: "1", APP_URL: "https://kuzatuv.example" }));
  env = testEnv();
  auth = await startAuthService({ serviceKey: env.authServiceKey });
  env.authServiceUrl = auth.url;
  queue = await startTestJobQueue(handle);
});
afterAll(async () => {
  await queue.stop(1_000);
  await auth.close();
  await new Promise((resolve) => receiver.close(resolve));
  await handle.close();
});
beforeEach(() => {
  env.COLLECTOR_ALLOW_PRIVATE = true;
  answers.length = 0;
});

type Context = Awaited<ReturnType<typeof signedInContext>>["context"];
async function call<T>(handler: (args: never) => T, request: Request, context: Context, projectId: string) {
  try {
    return await handler({
      request,
      context,
      params: { projectId },
      url: new URL(request.url),
      pattern: "",
    } as never);
  } catch (thrown) {
    return thrown;
  }
}
const page = (context: Context, projectId: string) =>
  call(loader, new Request(`http://localhost/projects/${projectId}/webhooks`), context, projectId) as Promise<
    Awaited<ReturnType<typeof loader>>
  >;
const post = (context: Context, projectId: string, fields: Record<string, string>) =>
  call(
    action,
    new Request(`http://localhost:3000/projects/${projectId}/webhooks`, {
      method: "POST",
      body: new URLSearchParams(fields),
    }),
    context,
    projectId,
  );
type Added = { secret: { id: string; secret: string } };
const addEndpoint = async (context: Context, projectId: string, fields: Partial<Record<string, string>> = {}) =>
  (await post(context, projectId, {
    intent: "add",
    url: receiverUrl,
    format: "json",
    language: "en",
    ...fields,
  })) as Added;

/** What a receiver does with the documented headers: recompute the signature over `timestamp.body`. */
function verifies(request: Received, secret: string): boolean {
  const timestamp = String(request.headers["x-kuzatuv-timestamp"]);
  const signature = String(request.headers["x-kuzatuv-signature"]);
  const expected = `v1=${createHmac("sha256", secret).update(`${timestamp}.${request.body}`).digest("hex")}`;
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
  return (
    fresh && expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  );
}

/** Retries the queue would run later (the tests make their attempts themselves): gone, once one is there. */
async function dropQueuedRetries() {
  const queued = async () => {
    const { rows } = (await handle.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'deliver-webhook' AND state = 'created'`,
    )) as unknown as { rows: Array<{ n: number }> };
    return rows[0]?.n ?? 0;
  };
  await expect.poll(queued, { timeout: 5_000 }).toBeGreaterThan(0);
  await handle.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'deliver-webhook' AND state = 'created'`);
}

const deliveriesOf = (endpointId: string) =>
  handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe("the webhooks page", () => {
  it("lets an admin add a URL, shows its secret once, keeps it sealed, and is closed to everyone else", async () => {
    const project = await aProject(handle);
    const admin = await signedInContext({ roles: ["admin"] });
    const added = await addEndpoint(admin.context, project.id, { format: "slack", language: "ru" });
    expect(added.secret.secret).toMatch(/^[\w-]{43}$/);
    const [stored] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, added.secret.id));
    expect(stored).toMatchObject({ url: receiverUrl, format: "slack", language: "ru", projectId: project.id });
    expect(stored!.secretSealed).not.toContain(added.secret.secret);
    const listed = await page(admin.context, project.id);
    expect(listed.webhooks).toEqual([
      expect.objectContaining({ id: added.secret.id, url: receiverUrl, deliveries: [] }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(added.secret.secret);

    // The same URL sent again (a double click, a reload that posts again) is not added twice.
    const again = (await post(admin.context, project.id, {
      intent: "add",
      url: receiverUrl,
      format: "slack",
      language: "ru",
    })) as { data: { fieldErrors: Record<string, string> }; init: ResponseInit };
    expect(again.init.status).toBe(400);
    expect(again.data.fieldErrors).toEqual({ url: "projects:webhooks.errors.duplicate" });
    expect((await page(admin.context, project.id)).webhooks).toHaveLength(1);

    // A new secret replaces the old one, shown once too.
    const rotated = (await post(admin.context, project.id, { intent: "rotate", endpointId: added.secret.id })) as Added;
    expect(rotated.secret.secret).not.toBe(added.secret.secret);

    const manager = await signedInContext({ roles: ["manager"], projectIds: [project.id] });
    expect(((await page(manager.context, project.id)) as unknown as { init: ResponseInit }).init.status).toBe(403);
    const refused = (await post(manager.context, project.id, { intent: "delete", endpointId: added.secret.id })) as {
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(403);

    const deleted = (await post(admin.context, project.id, {
      intent: "delete",
      endpointId: added.secret.id,
    })) as Response;
    expect(deleted.status).toBe(302);
    expect((await page(admin.context, project.id)).webhooks).toEqual([]);
  });

  it("refuses a private address, as the collectors do, with a translated error and keeps what was typed", async () => {
    env.COLLECTOR_ALLOW_PRIVATE = false;
    const project = await aProject(handle);
    const admin = await signedInContext({ roles: ["admin"] });
    for (const [url, key] of [
      ["http://127.0.0.1:8080/hook", "projects:webhooks.errors.private_address"],
      ["http://169.254.169.254/latest/meta-data/", "projects:webhooks.errors.private_address"],
      ["http://0x7f000001/hook", "projects:webhooks.errors.private_address"],
      ["ftp://hooks.example/x", "projects:webhooks.errors.bad_url"],
      ["https://user:password@hooks.example/x", "projects:webhooks.errors.bad_url"],
    ] as const) {
      const refused = (await post(admin.context, project.id, {
        intent: "add",
        url,
        format: "json",
        language: "uz",
      })) as {
        data: { fieldErrors: Record<string, string>; values: Record<string, string> };
        init: ResponseInit;
      };
      expect(refused.init.status, url).toBe(400);
      expect(refused.data.fieldErrors, url).toEqual({ url: key });
      expect(refused.data.values, url).toMatchObject({ url, format: "json", language: "uz" });
    }
    // Said in each language.
    const [ns, keyPath] = "projects:webhooks.errors.private_address".split(":") as [string, string];
    const said = ["en", "ru", "uz", "uz-Cyrl"].map((lng) => {
      const file = path.resolve(import.meta.dirname, `../../locales/${lng}/${ns}.json`);
      return keyPath.split(".").reduce((node: any, part) => node[part], JSON.parse(fs.readFileSync(file, "utf8")));
    });
    expect(new Set(said).size).toBe(4);
    expect(said[1]).toBe("Этот адрес ведёт во внутреннюю сеть. Вебхуки отправляются только на публичные адреса.");
    expect(await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.projectId, project.id))).toEqual(
      [],
    );
  });
});

describe("delivery", () => {
  it("POSTs an alert to each of the project's URLs, signed so the receiver can check it, in Slack's or the plain shape", async () => {
    const project = await aProject(handle, { name: "Acme", translations: { name: { ru: "Акме" } } });
    const admin = await signedInContext({ roles: ["admin"] });
    const slack = await addEndpoint(admin.context, project.id, { format: "slack", language: "en" });
    const plain = await addEndpoint(admin.context, project.id, { format: "json", language: "ru" });
    const [alert] = await handle.db
      .insert(alerts)
      .values({
        projectId: project.id,
        kind: "negative",
        day: "2026-11-20",
        value: 0.42,
        baseline: 0.1,
        threshold: 0.25,
      })
      .returning();
    const before = received.length;
    await deliverAlert(testServices(), alert!.id);
    await jobsSettled(handle);
    const got = received.slice(before);
    expect(got).toHaveLength(2);

    const slackRequest = got.find((r) => JSON.parse(r.body).blocks)!;
    expect(verifies(slackRequest, slack.secret.secret)).toBe(true);
    expect(verifies(slackRequest, plain.secret.secret)).toBe(false);
    expect(slackRequest.headers).toMatchObject({
      "content-type": "application/json",
      "x-kuzatuv-event": "alert.negative",
    });
    const link = `https://kuzatuv.example/messages?project=${project.id}&from=2026-11-20&to=2026-11-20`;
    expect(JSON.parse(slackRequest.body)).toEqual({
      text: expect.stringMatching(/^Negative share jump in Acme: 42% negative on .+, usually 10%$/),
      blocks: [
        { type: "section", text: { type: "mrkdwn", text: expect.stringMatching(/^\*Negative share jump in Acme/) } },
        { type: "context", elements: [{ type: "mrkdwn", text: `<${link}|See that day's mentions>` }] },
      ],
    });

    const plainRequest = got.find((r) => r !== slackRequest)!;
    expect(verifies(plainRequest, plain.secret.secret)).toBe(true);
    // A changed body no longer verifies.
    expect(verifies({ ...plainRequest, body: plainRequest.body.replace("0.42", "0.43") }, plain.secret.secret)).toBe(
      false,
    );
    const body = JSON.parse(plainRequest.body);
    expect(body).toEqual({
      id: plainRequest.headers["x-kuzatuv-delivery"],
      event: "alert.negative",
      createdAt: expect.any(String),
      project: { id: project.id, name: "Acme" },
      alert: { day: "2026-11-20", timeZone: "Asia/Tashkent", value: 0.42, baseline: 0.1, threshold: 0.25 },
      text: expect.stringMatching(/^Рост доли негатива у «Акме»: 42% негативных за .+, обычно 10%$/),
      url: link,
    });

    // Announced again (a retried job): nothing more is sent.
    await handle.db.update(alerts).set({ deliveredAt: null }).where(eq(alerts.id, alert!.id));
    await deliverAlert(testServices(), alert!.id);
    await jobsSettled(handle);
    expect(received.length).toBe(before + 2);
    const listed = await page(admin.context, project.id);
    expect(listed.webhooks.flatMap((w) => w.deliveries.map((d) => [d.event, d.status, d.attempts.length]))).toEqual([
      ["alert.negative", "delivered", 1],
      ["alert.negative", "delivered", 1],
    ]);
  });

  it("tries again after growing pauses, lists every attempt, and gives up after the last", async () => {
    const project = await aProject(handle);
    const admin = await signedInContext({ roles: ["admin"] });
    const { secret } = await addEndpoint(admin.context, project.id);
    answers.push(500, 503);
    const [alert] = await handle.db
      .insert(alerts)
      .values({ projectId: project.id, kind: "volume", day: "2026-11-21", value: 80, baseline: 10, threshold: 30 })
      .returning();
    await deliverAlert(testServices(), alert!.id);

    // The queue's first attempt fails; the next one waits 10 s.
    await expect.poll(async () => (await deliveriesOf(secret.id))[0]?.attempts.length, { timeout: 15_000 }).toBe(1);
    const [first] = await deliveriesOf(secret.id);
    expect(first).toMatchObject({ status: "queued", attempts: [{ status: 500, error: "HTTP 500" }] });
    const pause = (d: typeof first) => (d!.nextAttemptAt!.getTime() - Date.parse(d!.attempts.at(-1)!.at)) / 1000;
    expect(pause(first)).toBeCloseTo(RETRY_PAUSES_SECONDS[0]!, 0);
    // The job queued its next attempt itself, not to start before then.
    const retryStart = async () => {
      const { rows } = (await handle.db.execute(
        sql`SELECT start_after FROM pgboss.job WHERE name = 'deliver-webhook' AND singleton_key = ${first!.id} AND state = 'created'`,
      )) as unknown as { rows: Array<{ start_after: Date }> };
      return rows[0] ? new Date(rows[0].start_after).getTime() - Date.parse(first!.attempts[0]!.at) : null;
    };
    await expect.poll(retryStart, { timeout: 5_000 }).toBeGreaterThan(9_000);

    // Its time come (the test does not wait): the second fails too and waits longer; the third gets through.
    await deliverWebhook(testServices(), first!.id);
    const [second] = await deliveriesOf(secret.id);
    expect(second!.attempts.map((a) => a.status)).toEqual([500, 503]);
    expect(pause(second)).toBeCloseTo(RETRY_PAUSES_SECONDS[1]!, 0);
    expect(pause(second)).toBeGreaterThan(pause(first));
    await deliverWebhook(testServices(), first!.id);
    const [third] = await deliveriesOf(secret.id);
    expect(third).toMatchObject({ status: "delivered", nextAttemptAt: null });
    const sent = received.filter((r) => r.headers["x-kuzatuv-delivery"] === first!.id);
    expect(sent.map((r) => verifies(r, secret.secret))).toEqual([true, true, true]);
    // The same body every time, signed anew.
    expect(new Set(sent.map((r) => r.body)).size).toBe(1);

    const [listed] = (await page(admin.context, project.id)).webhooks;
    expect(listed!.deliveries[0]).toMatchObject({ status: "delivered", event: "alert.volume" });
    expect(listed!.deliveries[0]!.attempts.map((a) => a.status)).toEqual([200, 503, 500]);

    // A receiver that never answers well: after the last pause, it is given up and nothing more is queued.
    const [another] = await handle.db
      .insert(alerts)
      .values({ projectId: project.id, kind: "negative", day: "2026-11-21", value: 0.5, baseline: 0.1, threshold: 0.3 })
      .returning();
    answers.push(...Array.from({ length: 10 }, () => 500));
    await deliverAlert(testServices(), another!.id);
    await expect
      .poll(async () => (await deliveriesOf(secret.id)).find((d) => d.event === "alert.negative")?.attempts.length, {
        timeout: 15_000,
      })
      .toBe(1);
    const failing = (await deliveriesOf(secret.id)).find((d) => d.event === "alert.negative")!;
    for (let i = 1; i <= RETRY_PAUSES_SECONDS.length; i++) await deliverWebhook(testServices(), failing.id);
    const [gaveUp] = await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, failing.id));
    expect(gaveUp).toMatchObject({ status: "failed", nextAttemptAt: null });
    expect(gaveUp!.attempts).toHaveLength(RETRY_PAUSES_SECONDS.length + 1);
    await deliverWebhook(testServices(), failing.id);
    expect((await deliveriesOf(secret.id)).find((d) => d.id === failing.id)!.attempts).toHaveLength(7);
    await dropQueuedRetries();
  });

  it("is refused at connect time when the address became private-only, and says so in the attempt", async () => {
    const project = await aProject(handle);
    const admin = await signedInContext({ roles: ["admin"] });
    const { secret } = await addEndpoint(admin.context, project.id);
    env.COLLECTOR_ALLOW_PRIVATE = false;
    const before = received.length;
    const [alert] = await handle.db
      .insert(alerts)
      .values({ projectId: project.id, kind: "volume", day: "2026-11-22", value: 80, baseline: 10, threshold: 30 })
      .returning();
    await deliverAlert(testServices(), alert!.id);
    await expect.poll(async () => (await deliveriesOf(secret.id))[0]?.attempts.length, { timeout: 15_000 }).toBe(1);
    const [refused] = await deliveriesOf(secret.id);
    expect(refused!.attempts[0]).toMatchObject({ status: null, error: "Refused: 127.0.0.1 is a private address" });
    expect(received.length).toBe(before);
    await dropQueuedRetries();
  });

  it("signs each delivery when it is sent, not before it waits behind a receiver that hangs on the same host", async () => {
    // One request per host at a time: the second delivery waits until the first one's try times out.
    const hung: Received[] = [];
    const hanging = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      hung.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      if (hung.length > 1) res.writeHead(200).end("ok");
    });
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    const timeout = env.COLLECTOR_TIMEOUT_MS;
    env.COLLECTOR_TIMEOUT_MS = 2_500;
    try {
      const project = await aProject(handle);
      const admin = await signedInContext({ roles: ["admin"] });
      const first = await addEndpoint(admin.context, project.id, { url: `${base}/slow` });
      const second = await addEndpoint(admin.context, project.id, { url: `${base}/other` });
      const [slow, later] = await handle.db
        .insert(webhookDeliveries)
        .values(
          [first, second].map(({ secret }) => ({
            endpointId: secret.id,
            subject: `alert:hang-${secret.id}`,
            event: "alert.volume" as const,
            body: JSON.stringify({ endpoint: secret.id }),
          })),
        )
        .returning();
      await Promise.all([deliverWebhook(testServices(), slow!.id), deliverWebhook(testServices(), later!.id)]);

      expect(hung).toHaveLength(2);
      const [, arrived] = hung as [Received, Received];
      expect(arrived.at - hung[0]!.at).toBeGreaterThanOrEqual(2_400);
      // Its timestamp is the moment it left (to the second), so a five-minute replay window never refuses it.
      const signedAt = Number(arrived.headers["x-kuzatuv-timestamp"]);
      expect(arrived.at / 1000 - signedAt).toBeLessThan(1.5);
      expect(verifies(arrived, second.secret.secret)).toBe(true);
      const [delivered] = await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, later!.id));
      expect(delivered?.status).toBe("delivered");
    } finally {
      env.COLLECTOR_TIMEOUT_MS = timeout;
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
    await dropQueuedRetries();
  });

  it("announces a scheduled report as report.ready", async () => {
    const project = await aProject(handle, { name: "Reported" });
    const admin = await signedInContext({ roles: ["admin"] });
    const { secret } = await addEndpoint(admin.context, project.id);
    const [report] = await handle.db
      .insert(reports)
      .values({
        projectId: project.id,
        title: "Weekly",
        periodKind: "last_week",
        periodStart: "2026-03-02",
        periodEnd: "2026-03-08",
        sections: ["kpis"],
      })
      .returning();
    await runScheduledReport(testServices(), report!.id);
    await jobsSettled(handle);
    const request = received.find((r) => r.headers["x-kuzatuv-event"] === "report.ready")!;
    expect(verifies(request, secret.secret)).toBe(true);
    expect(JSON.parse(request.body)).toMatchObject({
      event: "report.ready",
      project: { id: project.id, name: "Reported" },
      report: { id: report!.id, title: "Weekly", periodStart: "2026-03-02", periodEnd: "2026-03-08" },
      text: "Scheduled report “Weekly” for March 2, 2026 – March 8, 2026 is ready",
      url: `https://kuzatuv.example/reports/${report!.id}`,
    });
  });

  it("forgets finished deliveries and Telegram messages after 90 days, never one still to be sent", async () => {
    const project = await aProject(handle, { name: "Pruned" });
    const admin = await signedInContext({ roles: ["admin"] });
    const { secret } = await addEndpoint(admin.context, project.id, { language: "uz" });
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const delivery = (subject: string, status: "delivered" | "failed", createdAt: Date) => ({
      endpointId: secret.id,
      subject,
      event: "alert.volume" as const,
      body: "{}",
      status,
      createdAt,
    });
    await handle.db
      .insert(webhookDeliveries)
      .values([
        delivery("alert:old-delivered", "delivered", daysAgo(100)),
        delivery("alert:old-failed", "failed", daysAgo(100)),
        delivery("alert:recent", "delivered", daysAgo(10)),
      ]);
    await handle.db.insert(telegramMessages).values([
      { chatId: "1", subject: "alert:old-sent", text: "…", status: "sent", createdAt: daysAgo(100) },
      { chatId: "1", subject: "alert:recent-sent", text: "…", status: "sent", createdAt: daysAgo(10) },
    ]);
    await queueAlertBackstop(testServices());
    const kept = await handle.db
      .select({ subject: webhookDeliveries.subject })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, secret.id));
    expect(kept.map((d) => d.subject)).toEqual(["alert:recent"]);
    const messages = await handle.db
      .select({ subject: telegramMessages.subject })
      .from(telegramMessages)
      .where(eq(telegramMessages.chatId, "1"));
    expect(messages.map((m) => m.subject)).toEqual(["alert:recent-sent"]);
  });
});
