import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mentionSeries, SENTIMENTS } from "~/core/count.server";
import { periodOf } from "~/core/period";
import { queryRows } from "~/core/sql.server";
import type { DatabaseHandle } from "~/db/client.server";
import { messageProjects, messages } from "~/db/schema";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

/** A project's mentions per UTC day, sentiment and source type, as the rollups count them. */
async function rollups(projectId: string) {
  const days = { ...periodOf({ from: "2026-03-01", to: "2026-03-02" }, "UTC"), bucket: "day" as const };
  const rows = [];
  for (const sourceType of ["rss", "telegram"]) {
    for (const sentiment of SENTIMENTS) {
      const series = await mentionSeries(
        handle.db,
        { scope: [projectId], sourceTypes: [sourceType], sentiments: [sentiment] },
        days,
      );
      for (const day of series.filter((d) => d.total > 0)) {
        rows.push({ day: day.key, sentiment, sourceType, count: day.total, reach: day.reach });
      }
    }
  }
  return rows.sort(
    (a, b) => a.day.localeCompare(b.day) || SENTIMENTS.indexOf(a.sentiment) - SENTIMENTS.indexOf(b.sentiment),
  );
}

describe("the domain schema", () => {
  it("keeps the rollups as messages are linked, corrected, unlinked and deleted", async () => {
    const db = handle.db;
    const pid = (await aProject(handle, { name: "Uzum", keywords: ["uzum"] })).id;
    const feed = await aSource(handle, { type: "rss", name: "Kun.uz", url: "https://kun.uz/rss" });
    const channel = await aSource(handle, { type: "telegram", name: "@uzum_news", url: "uzum_news" });
    const [a] = await mentions(handle, {
      source: feed,
      projectIds: [pid],
      items: [
        { at: new Date("2026-03-01T10:00:00Z"), sentiment: "positive", reach: 100 },
        { at: new Date("2026-03-01T23:30:00Z"), sentiment: "positive", reach: 50 },
      ],
    }).then((rows) => rows.map((m) => m.id));
    const [c] = await mentions(handle, {
      source: channel,
      projectIds: [pid],
      items: [{ at: new Date("2026-03-02T08:00:00Z"), sentiment: "negative", reach: 1000 }],
    }).then((rows) => rows.map((m) => m.id));

    expect(await rollups(pid)).toEqual([
      { day: "2026-03-01", sentiment: "positive", sourceType: "rss", count: 2, reach: 150 },
      { day: "2026-03-02", sentiment: "negative", sourceType: "telegram", count: 1, reach: 1000 },
    ]);

    // A user corrects a sentiment: the count moves.
    await db.update(messages).set({ sentiment: "neutral", sentimentSetBy: "user" }).where(eq(messages.id, a!));
    expect(await rollups(pid)).toEqual([
      { day: "2026-03-01", sentiment: "positive", sourceType: "rss", count: 1, reach: 50 },
      { day: "2026-03-01", sentiment: "neutral", sourceType: "rss", count: 1, reach: 100 },
      { day: "2026-03-02", sentiment: "negative", sourceType: "telegram", count: 1, reach: 1000 },
    ]);

    // Unlinked from the project, then a message deleted outright.
    await db.delete(messageProjects).where(and(eq(messageProjects.messageId, a!), eq(messageProjects.projectId, pid)));
    await db.delete(messages).where(eq(messages.id, c!));
    expect(await rollups(pid)).toEqual([
      { day: "2026-03-01", sentiment: "positive", sourceType: "rss", count: 1, reach: 50 },
    ]);
  });

  it("finds messages by full-text search in every script, Uzbek in either script (ADR 024)", async () => {
    await mentions(handle, {
      source: await aSource(handle, { type: "manual", name: "Import", url: null }),
      items: [
        { externalId: "ru", text: "Клиенты хвалят доставку Узум", language: "ru" },
        { externalId: "uz", text: "Yetkazib berish tezlashdi", language: "uz" },
        { externalId: "cy", text: "Етказиб бериш тезлашди", language: "uz-Cyrl" },
      ],
    });
    const find = (q: string) =>
      queryRows<{ external_id: string }>(
        handle.db,
        sql`SELECT external_id FROM messages WHERE search @@ plainto_tsquery('simple', search_fold(${q})) ORDER BY external_id`,
      );
    expect((await find("доставку")).map((r) => r.external_id)).toEqual(["ru"]);
    expect((await find("yetkazib")).map((r) => r.external_id)).toEqual(["cy", "uz"]);
    expect((await find("етказиб")).map((r) => r.external_id)).toEqual(["cy", "uz"]);
  });

  it("refuses a second project of the same name in any case, and a message twice from one source", async () => {
    await aProject(handle, { name: "Payme" });
    await expect(aProject(handle, { name: "PAYME" })).rejects.toThrow();
    const source = await aSource(handle, { type: "rss", name: "Gazeta", url: "https://gazeta.uz/rss" });
    await mentions(handle, { source, items: [{ externalId: "guid-1" }] });
    await expect(mentions(handle, { source, items: [{ externalId: "guid-1" }] })).rejects.toThrow();
  });
});
