import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, queryRows, setDatabase } from "~/db/client.server";
import { dailyRollups, messageProjects, messages, projects, sources } from "~/db/schema";
import { testDatabase } from "../support/database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = openDatabase(await testDatabase());
  setDatabase(handle);
  await handle.migrate();
});
afterAll(() => handle.close());

async function rollups(projectId: string) {
  const rows = await handle.db
    .select({
      day: dailyRollups.day,
      sentiment: dailyRollups.sentiment,
      sourceType: dailyRollups.sourceType,
      count: dailyRollups.count,
      reach: dailyRollups.reach,
    })
    .from(dailyRollups)
    .where(eq(dailyRollups.projectId, projectId))
    .orderBy(dailyRollups.day, dailyRollups.sentiment);
  return rows.filter((r) => r.count !== 0 || r.reach !== 0);
}

describe("the domain schema", () => {
  it("keeps daily rollups as messages are linked, corrected, unlinked and deleted", async () => {
    const db = handle.db;
    const [project] = await db
      .insert(projects)
      .values({ name: "Uzum", keywords: ["uzum"] })
      .returning();
    const [feed] = await db
      .insert(sources)
      .values({ type: "rss", name: "Kun.uz", url: "https://kun.uz/rss" })
      .returning();
    const [channel] = await db
      .insert(sources)
      .values({ type: "telegram", name: "@uzum_news", url: "uzum_news" })
      .returning();
    const pid = project?.id as string;
    const insert = async (
      sourceId: string,
      externalId: string,
      publishedAt: string,
      mood: "positive" | "neutral" | "negative",
      reach: number,
    ) => {
      const [m] = await db
        .insert(messages)
        .values({
          sourceId,
          externalId,
          text: `Uzum ${externalId}`,
          contentHash: externalId,
          publishedAt: new Date(publishedAt),
          sentiment: mood,
          reach,
        })
        .returning();
      await db.insert(messageProjects).values({
        messageId: m?.id as string,
        projectId: pid,
        matchedTerms: ["uzum"],
        publishedAt: new Date(publishedAt),
      });
      return m?.id as string;
    };
    const a = await insert(feed?.id as string, "a", "2026-03-01T10:00:00Z", "positive", 100);
    await insert(feed?.id as string, "b", "2026-03-01T23:30:00Z", "positive", 50);
    const c = await insert(channel?.id as string, "c", "2026-03-02T08:00:00Z", "negative", 1000);

    expect(await rollups(pid)).toEqual([
      { day: "2026-03-01", sentiment: "positive", sourceType: "rss", count: 2, reach: 150 },
      { day: "2026-03-02", sentiment: "negative", sourceType: "telegram", count: 1, reach: 1000 },
    ]);

    // A user corrects a sentiment: the count moves.
    await db.update(messages).set({ sentiment: "neutral", sentimentSetBy: "user" }).where(eq(messages.id, a));
    expect(await rollups(pid)).toEqual([
      { day: "2026-03-01", sentiment: "positive", sourceType: "rss", count: 1, reach: 50 },
      { day: "2026-03-01", sentiment: "neutral", sourceType: "rss", count: 1, reach: 100 },
      { day: "2026-03-02", sentiment: "negative", sourceType: "telegram", count: 1, reach: 1000 },
    ]);

    // Unlinked from the project, then a message deleted outright.
    await db.delete(messageProjects).where(and(eq(messageProjects.messageId, a), eq(messageProjects.projectId, pid)));
    await db.delete(messages).where(eq(messages.id, c));
    expect(await rollups(pid)).toEqual([
      { day: "2026-03-01", sentiment: "positive", sourceType: "rss", count: 1, reach: 50 },
    ]);
  });

  it("finds messages by full-text search in every script", async () => {
    const db = handle.db;
    const [src] = await db.insert(sources).values({ type: "manual", name: "Import" }).returning();
    await db.insert(messages).values([
      {
        sourceId: src?.id as string,
        externalId: "ru",
        text: "Клиенты хвалят доставку Узум",
        contentHash: "ru",
        publishedAt: new Date(),
        language: "ru",
      },
      {
        sourceId: src?.id as string,
        externalId: "uz",
        text: "Yetkazib berish tezlashdi",
        contentHash: "uz",
        publishedAt: new Date(),
        language: "uz",
      },
      {
        sourceId: src?.id as string,
        externalId: "cy",
        text: "Етказиб бериш тезлашди",
        contentHash: "cy",
        publishedAt: new Date(),
        language: "uz-Cyrl",
      },
    ]);
    const find = (q: string) =>
      queryRows<{ external_id: string }>(
        sql`SELECT external_id FROM messages WHERE search @@ plainto_tsquery('simple', ${q}) ORDER BY external_id`,
      );
    expect((await find("доставку")).map((r) => r.external_id)).toEqual(["ru"]);
    expect((await find("yetkazib")).map((r) => r.external_id)).toEqual(["uz"]);
    expect((await find("етказиб")).map((r) => r.external_id)).toEqual(["cy"]);
  });

  it("refuses a second project of the same name in any case, and a message twice from one source", async () => {
    const db = handle.db;
    await db.insert(projects).values({ name: "Payme", keywords: ["payme"] });
    await expect(db.insert(projects).values({ name: "PAYME", keywords: ["payme"] })).rejects.toThrow();
    const [src] = await db
      .insert(sources)
      .values({ type: "rss", name: "Gazeta", url: "https://gazeta.uz/rss" })
      .returning();
    const row = {
      sourceId: src?.id as string,
      externalId: "guid-1",
      text: "x",
      contentHash: "x",
      publishedAt: new Date(),
    };
    await db.insert(messages).values(row);
    await expect(db.insert(messages).values(row)).rejects.toThrow();
  });
});
