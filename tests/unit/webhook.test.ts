import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { messageProjects, messages, sources } from "~/db/schema";
import { hashWebhookSecret } from "~/features/sources/webhook-secret.server";
import { middleware as rootMiddleware } from "~/root";
import { action } from "~/routes/api.ingest.$sourceId";
import { bodyLimit, MEGABYTE } from "../../server/body-limit.ts";
import { aProject, aSource, openTestDatabase } from "../support/builders";
import { callRoute, ORIGIN, type RouteArgs } from "../support/route";

let handle: DatabaseHandle;
const SECRET = "s3cret-0123456789abcdef0123456789abcdef";

async function aWebhookSource(values: Partial<typeof sources.$inferInsert> = {}) {
  return aSource(handle, { type: "webhook", url: null, webhookSecretHash: hashWebhookSecret(SECRET), ...values });
}

/** A delivery through the root middleware and the route's action, as React Router would run them. */
async function deliver(
  sourceId: string,
  body: unknown,
  { secret = SECRET, type = "application/json" }: { secret?: string | null; type?: string } = {},
) {
  const headers: Record<string, string> = { "Content-Type": type };
  if (secret !== null) headers.Authorization = `Bearer ${secret}`;
  const request = new Request(`${ORIGIN}/api/ingest/${sourceId}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const run = (args: RouteArgs) => action({ ...args, params: { sourceId } } as never);
  const response = (await callRoute(run, request, rootMiddleware as never)) as Response;
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const storedFrom = async (sourceId: string) =>
  (await handle.db.select().from(messages).where(eq(messages.sourceId, sourceId))).length;

const item = (n: number, extra: object = {}) => ({
  externalId: `post-${n}`,
  url: `https://partner.example/news/${n}`,
  title: `Headline ${n}`,
  text: `Nurbank opened branch number ${n} in the city centre today`,
  author: "Partner desk",
  publishedAt: "2026-11-20T10:00:00+05:00",
  language: "en",
  reach: 100 + n,
  ...extra,
});

beforeAll(async () => {
  handle = await openTestDatabase();
  await aProject(handle, { name: "Nurbank", keywords: ["Nurbank"] });
});
afterAll(() => handle.close());

describe("webhook deliveries", () => {
  it("stores a delivery and answers 202 with the pipeline's counts; the same delivery again is all duplicates", async () => {
    const source = await aWebhookSource();
    const delivery = [item(1), item(2), { text: "Weather is fine", externalId: "w" }];
    const first = await deliver(source.id, delivery);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ new: 3, duplicate: 0, matched: 2, rejected: 0 });
    const [stored] = await handle.db.select().from(messages).where(eq(messages.externalId, "post-1"));
    expect(stored).toMatchObject({ author: "Partner desk", reach: 101, language: "en" });
    expect(stored?.publishedAt.toISOString()).toBe("2026-11-20T05:00:00.000Z");
    expect(
      await handle.db.select().from(messageProjects).where(eq(messageProjects.messageId, stored!.id)),
    ).toHaveLength(1);

    const again = await deliver(source.id, delivery);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ new: 0, duplicate: 3, matched: 0 });
    expect(await storedFrom(source.id)).toBe(3);
    const [row] = await handle.db.select().from(sources).where(eq(sources.id, source.id));
    expect(row).toMatchObject({ lastResult: "ok", lastNewItems: 0 });
  });

  it("takes a single object as one item", async () => {
    const source = await aWebhookSource();
    const answer = await deliver(source.id, { text: "Nurbank single item", publishedAt: 1_763_600_000 });
    expect(answer).toMatchObject({ status: 202, body: { new: 1, matched: 1 } });
  });

  it("answers an unknown source, a wrong secret and no secret alike with 401", async () => {
    const source = await aWebhookSource();
    const unknown = await deliver("7b0c3a1e-0000-4000-8000-000000000000", [item(1)]);
    const notAnId = await deliver("nonsense", [item(1)]);
    const wrong = await deliver(source.id, [item(1)], { secret: `${SECRET}x` });
    const none = await deliver(source.id, [item(1)], { secret: null });
    const rss = await aSource(handle, { type: "rss", webhookSecretHash: hashWebhookSecret(SECRET) });
    const notAWebhook = await deliver(rss.id, [item(1)]);
    for (const answer of [unknown, notAnId, wrong, none, notAWebhook]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(unknown.body);
    }
    expect(unknown.body.error).toBe("unauthorized");
    expect(unknown.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(await storedFrom(source.id)).toBe(0);
  });

  it("refuses deliveries to a paused source, saying so", async () => {
    const source = await aWebhookSource({ status: "paused" });
    const answer = await deliver(source.id, [item(1)]);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe("source_paused");
    expect(await storedFrom(source.id)).toBe(0);
  });

  it("answers 400 with every invalid item's index, field and message, and stores nothing", async () => {
    const source = await aWebhookSource();
    const answer = await deliver(source.id, [
      item(1),
      item(2, { url: "ftp://partner.example/x", reach: -5 }),
      item(3, { publishedAt: "yesterday" }),
      { title: "", text: "" },
      "just a string",
      item(6, { language: "de", tags: "a,b" }),
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("invalid_items");
    expect(answer.body.message).toMatch(/5 of 6 items are invalid; nothing was stored/);
    const brief = answer.body.errors.map((e: { index: number; field: string | null; code: string }) => [
      e.index,
      e.field,
      e.code,
    ]);
    expect(brief).toEqual([
      [1, "url", "bad_url"],
      [1, "reach", "bad_number"],
      [2, "publishedAt", "bad_date"],
      [3, "text", "no_text"],
      [4, null, "not_object"],
      [5, "language", "bad_language"],
      [5, "tags", "bad_tags"],
    ]);
    expect(answer.body.errors[0].message).toBe("url must be an absolute http(s) URL");
    expect(await storedFrom(source.id)).toBe(0);
  });

  it("answers bad bodies of every kind with a JSON 4xx, never a 500", async () => {
    const source = await aWebhookSource();
    const cases: Array<[unknown, { type?: string }, number, string]> = [
      ["{not json", {}, 400, "invalid_json"],
      ["", {}, 400, "invalid_json"],
      ["null", {}, 400, "invalid_items"],
      ["42", {}, 400, "invalid_items"],
      [[[item(1)]], {}, 400, "invalid_items"],
      [[item(1, { publishedAt: "2099-01-01" })], {}, 400, "invalid_items"],
      [[item(1, { externalId: "x".repeat(501) })], {}, 400, "invalid_items"],
      [[item(1)], { type: "text/plain" }, 415, "unsupported_media_type"],
      [[item(1)], { type: "application/x-www-form-urlencoded" }, 415, "unsupported_media_type"],
      [`[${JSON.stringify({ text: "x".repeat(MEGABYTE) })}]`, {}, 413, "payload_too_large"],
    ];
    for (const [body, options, status, error] of cases) {
      const answer = await deliver(source.id, body, options);
      expect([answer.status, answer.body.error]).toEqual([status, error]);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect(await storedFrom(source.id)).toBe(0);
  });

  it("takes 1 000 items in one delivery and refuses 1 001", async () => {
    const source = await aWebhookSource();
    const thousand = Array.from({ length: 1_000 }, (_, n) => ({ externalId: `bulk-${n}`, text: `Bulk note ${n}` }));
    const ok = await deliver(source.id, thousand);
    expect(ok.status).toBe(202);
    expect(ok.body.new).toBe(1_000);
    const tooMany = await deliver(source.id, [...thousand, { externalId: "bulk-1000", text: "one more" }]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe("too_many_items");
    expect(await storedFrom(source.id)).toBe(1_000);
  });

  it("answers 429 with Retry-After after 60 deliveries in a minute, per source, then one a second", async () => {
    // The clock stands still while the bucket empties, so a slow machine does not refill it meanwhile.
    const start = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(start);
    try {
      const busy = await aWebhookSource();
      const statuses: number[] = [];
      for (let n = 0; n < 60; n++) statuses.push((await deliver(busy.id, "x", { type: "text/plain" })).status);
      expect(new Set(statuses)).toEqual(new Set([415]));
      const limited = await deliver(busy.id, [item(1)]);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe("rate_limited");
      expect(limited.headers.get("Retry-After")).toBe("1");
      expect(await storedFrom(busy.id)).toBe(0);
      // Another source has its own allowance.
      const quiet = await aWebhookSource();
      expect((await deliver(quiet.id, [item(1)])).status).toBe(202);
      // A second later there is room for one more.
      clock.mockReturnValue(start + 1_000);
      expect((await deliver(busy.id, [item(1)])).status).toBe(202);
      expect((await deliver(busy.id, [item(2)])).status).toBe(429);
    } finally {
      clock.mockRestore();
    }
  });
});

describe("the body limit in front of the API", () => {
  it("answers an over-size delivery 413 in JSON before reading it", async () => {
    const app = express()
      .use(bodyLimit({ "/": MEGABYTE }, async () => "<html>page</html>"))
      .use((_req, res) => res.status(202).json({ ok: true }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/ingest/any`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: `[${JSON.stringify({ text: "x".repeat(MEGABYTE) })}]`,
      });
      expect(response.status).toBe(413);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: "payload_too_large", message: "The body is larger than 1 MB" });
      const page = await fetch(`http://127.0.0.1:${port}/projects/create`, {
        method: "POST",
        body: "x".repeat(MEGABYTE + 1),
      });
      expect(page.status).toBe(413);
      expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    } finally {
      server.close();
    }
  });
});
