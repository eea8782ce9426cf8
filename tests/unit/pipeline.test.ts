import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countMentions } from "~/core/count.server";
import { queryRows } from "~/core/sql.server";
import type { DatabaseHandle } from "~/db/client.server";
import { messageProjects, messages } from "~/db/schema";
import { ingest } from "~/features/sources/ingest.server";
import { canonicalUrl, htmlToText, MAX_TEXT, normalizeLine, normalizeText } from "~/features/sources/normalize";
import { aProject, aSource, openTestDatabase } from "../support/builders";
import { testServices } from "../support/services";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const DAY = 86_400_000;
const stored = (sourceId: string) =>
  handle.db.select().from(messages).where(eq(messages.sourceId, sourceId)).orderBy(messages.externalId);

describe("normalisation", () => {
  it("removes NUL, control and zero-width characters and composes Unicode", () => {
    expect(normalizeText("Nur\u0000bank\u200b ilo\u200dvasi\ufeff \u0007yangi\u00ad")).toBe("Nurbank ilovasi yangi");
    expect(normalizeText("Cafe\u0301")).toBe("Café");
    expect(normalizeText("a\ud800b")).toBe("ab");
  });

  it("collapses whitespace, keeps paragraphs, and makes titles one line", () => {
    expect(normalizeText("  one\t\ttwo  \r\n\r\n\r\n\r\n three \n")).toBe("one two\n\nthree");
    expect(normalizeLine("  A\n  title\twith   gaps ")).toBe("A title with gaps");
  });

  it("caps huge texts and titles without splitting a character", () => {
    expect(normalizeText("ab ".repeat(20_000))).toHaveLength(MAX_TEXT);
    const emoji = `${"x".repeat(499)}😀`;
    expect(normalizeLine(emoji)).toBe("x".repeat(499));
    expect(normalizeLine("t".repeat(2_000))).toHaveLength(500);
  });

  it("turns HTML into text: scripts and styles gone, blocks on lines, entities decoded", () => {
    const html = `<div class="post"><h1>Nurbank&nbsp;&mdash; news</h1><script>alert("<p>x</p>")</script>
      <style>p { color: red }</style><p>Rates &amp; fees <a href="/x?a=1&b=2" title="a>b">here</a></p>
      <!-- <p>hidden</p> --><ul><li>one</li><li>two&#x21;</li></ul>&lt;script&gt;not a tag&lt;/script&gt;<SCRIPT src=x>`;
    expect(normalizeText(html)).toBe("Nurbank — news\n\nRates & fees here\n\none\ntwo!\n<script>not a tag</script>");
    expect(htmlToText("<b>bold</b> and <i>it</i>")).toBe("bold and it");
  });

  it("stays quick on hostile markup and cuts huge input before cleaning it", () => {
    // Quadratic patterns would take minutes here (the test's time limit is 30 s).
    expect(normalizeText(`Nurbank ${"<a ".repeat(60_000)}`)).toBe(
      `Nurbank ${"<a ".repeat(60_000)}`.slice(0, MAX_TEXT).trim(),
    );
    // Unterminated tags are no tags: they stay as text (and the text is capped).
    expect(normalizeText(`<p>x</p>${'<a title="'.repeat(30_000)}`)).toMatch(/^x\n\n<a title="<a title=/);
    expect(normalizeText(`<p>${"word ".repeat(1_000_000)}</p>`)).toHaveLength(MAX_TEXT - 1);
  });
});

describe("canonical URLs", () => {
  it("lower-cases the host and drops tracking parameters, fragments, default ports and credentials", () => {
    expect(canonicalUrl("HTTPS://News.Example.UZ:443/a/B?utm_source=tg&utm_medium=x&id=7#comments")).toBe(
      "https://news.example.uz/a/B?id=7",
    );
    expect(canonicalUrl("http://user:pw@example.uz:80/?fbclid=1&gclid=2")).toBe("http://example.uz/");
    expect(canonicalUrl("https://example.uz/p?b=2&a=1")).toBe(canonicalUrl("https://example.uz/p?a=1&b=2"));
    expect(canonicalUrl("https://example.uz:8443/p")).toBe("https://example.uz:8443/p");
  });

  it("refuses what is not an http(s) URL", () => {
    expect(canonicalUrl("javascript:alert(1)")).toBeNull();
    expect(canonicalUrl("not a url")).toBeNull();
    expect(canonicalUrl("")).toBeNull();
  });
});

describe("ingestion pipeline", () => {
  it("stores new items cleaned, with language and automatic sentiment", async () => {
    const source = await aSource(handle, { language: null });
    const result = await ingest(testServices(), source.id, [
      {
        externalId: "1",
        url: "https://Example.uz/post?utm_source=x",
        title: "<b>Nurbank</b>",
        text: "<p>Nurbankning yangi ilovasi juda qulay va tez ishlaydi.</p>",
        publishedAt: "2026-11-20T10:00:00Z",
        author: "  Ali  ",
        reach: 120.4,
        tags: ["review", " review ", ""],
      },
      { externalId: "2", text: "Приложение Нурбанка с утра не работает, ничего не могу оплатить." },
    ]);
    expect(result).toEqual({ new: 2, duplicate: 0, matched: 0, rejected: [] });
    const [uz, ru] = await stored(source.id);
    expect(uz).toMatchObject({
      title: "Nurbank",
      text: "Nurbankning yangi ilovasi juda qulay va tez ishlaydi.",
      url: "https://Example.uz/post?utm_source=x",
      normalizedUrl: "https://example.uz/post",
      author: "Ali",
      reach: 120,
      tags: ["review"],
      language: "uz",
      sentiment: "positive",
      sentimentSetBy: "auto",
      publishedAt: new Date("2026-11-20T10:00:00Z"),
    });
    expect(uz?.sentimentScore).toBeGreaterThan(0);
    expect(ru).toMatchObject({ language: "ru", sentiment: "negative" });
  });

  it("rejects items with no text, a bad date or a bad URL, and says why", async () => {
    const source = await aSource(handle);
    const now = new Date();
    const result = await ingest(testServices(), source.id, [
      { externalId: "empty", text: "  <p> </p>\u200b " },
      { externalId: "nodate", text: "Salom", publishedAt: "yesterday-ish" },
      { externalId: "future", text: "Salom", publishedAt: new Date(now.getTime() + 5 * DAY) },
      { externalId: "ancient", text: "Salom", publishedAt: "1970-01-01" },
      { externalId: "js", text: "Salom", url: "javascript:alert(1)" },
      { text: "Title-less but fine, with no id and no date" },
    ]);
    expect(result.rejected).toEqual([
      { index: 0, externalId: "empty", reason: "no_text" },
      { index: 1, externalId: "nodate", reason: "bad_date" },
      { index: 2, externalId: "future", reason: "bad_date" },
      { index: 3, externalId: "ancient", reason: "bad_date" },
      { index: 4, externalId: "js", reason: "bad_url" },
    ]);
    expect(result.new).toBe(1);
    const [row] = await stored(source.id);
    expect(row?.externalId).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(Math.abs((row?.publishedAt.getTime() ?? 0) - now.getTime())).toBeLessThan(60_000);
  });

  it("keeps one copy per source and external id, and changes nothing on the second delivery", async () => {
    const source = await aSource(handle);
    await ingest(testServices(), source.id, [{ externalId: "g1", text: "Birinchi matn" }]);
    const [first] = await stored(source.id);
    await handle.db
      .update(messages)
      .set({ sentiment: "negative", sentimentScore: -1, sentimentSetBy: "user" })
      .where(eq(messages.id, first?.id as string));
    const again = await ingest(testServices(), source.id, [
      { externalId: "g1", text: "Ajoyib, zo'r, juda yaxshi matn!" },
      { externalId: "g2", text: "Ikkinchi" },
      { externalId: "g2", text: "Ikkinchi, yana" },
    ]);
    expect(again).toEqual({ new: 1, duplicate: 2, matched: 0, rejected: [] });
    const rows = await stored(source.id);
    expect(rows.map((r) => [r.externalId, r.text])).toEqual([
      ["g1", "Birinchi matn"],
      ["g2", "Ikkinchi"],
    ]);
    // The user's correction stands.
    expect(rows[0]).toMatchObject({ sentiment: "negative", sentimentScore: -1, sentimentSetBy: "user" });
  });

  it("counts the same page or content from another source within 7 days as a duplicate, not after", async () => {
    const feed = await aSource(handle);
    const telegram = await aSource(handle, { type: "telegram", url: "some_channel" });
    const at = new Date("2026-11-10T12:00:00Z");
    await ingest(testServices(), feed.id, [
      { externalId: "a", url: "https://news.uz/a?utm_source=rss", text: "Bank yangi filial ochdi.", publishedAt: at },
      { externalId: "b", text: "Tariflar o'zgaradi", publishedAt: at },
    ]);
    const later = (days: number) => new Date(at.getTime() + days * DAY);
    const result = await ingest(testServices(), telegram.id, [
      { externalId: "1", url: "https://NEWS.uz/a#top", text: "Boshqa so'zlar bilan", publishedAt: later(2) },
      { externalId: "2", text: "TARIFLAR  o‘zgaradi!", publishedAt: later(6) },
      { externalId: "3", url: "https://news.uz/a", text: "Yana bir bor", publishedAt: later(8) },
      { externalId: "4", text: "Tariflar o'zgaradi", publishedAt: later(9) },
    ]);
    expect(result).toMatchObject({ new: 2, duplicate: 2 });
    expect((await stored(telegram.id)).map((r) => r.externalId)).toEqual(["3", "4"]);
  });

  it("links matching messages to active projects, with terms, and the rollups follow", async () => {
    const nurbank = await aProject(handle, { name: "Nurbank pipeline", keywords: ["Nurbank"] });
    const paused = await aProject(handle, { name: "Paused pipeline", keywords: ["Nurbank"], status: "paused" });
    const korzinka = await aProject(handle, {
      name: "Korzinka pipeline",
      keywords: ["Korzinka"],
      excludedWords: ["vakansiya"],
    });
    const source = await aSource(handle, { type: "telegram", url: "pipeline_channel" });
    const day = new Date("2026-11-15T09:00:00Z");
    const result = await ingest(testServices(), source.id, [
      { externalId: "1", text: "Клиенты Нурбанка жалуются: ужасное обслуживание", publishedAt: day, reach: 10 },
      { externalId: "2", text: "Nurbankdan kredit oldim, juda qulay va zo'r", publishedAt: day, reach: 5 },
      { externalId: "3", text: "Korzinkada chegirmalar, Nurbank kartasi bilan", publishedAt: day },
      { externalId: "4", text: "Korzinka vakansiyalari e'lon qilindi", publishedAt: day },
      { externalId: "5", text: "Ob-havo yaxshi", publishedAt: day },
    ]);
    expect(result).toEqual({ new: 5, duplicate: 0, matched: 3, rejected: [] });
    const links = await handle.db
      .select({
        externalId: messages.externalId,
        projectId: messageProjects.projectId,
        terms: messageProjects.matchedTerms,
      })
      .from(messageProjects)
      .innerJoin(messages, eq(messages.id, messageProjects.messageId))
      .where(eq(messages.sourceId, source.id))
      .orderBy(messages.externalId, messageProjects.projectId);
    expect(links).toEqual(
      [
        { externalId: "1", projectId: nurbank.id, terms: ["Nurbank"] },
        { externalId: "2", projectId: nurbank.id, terms: ["Nurbank"] },
        { externalId: "3", projectId: nurbank.id, terms: ["Nurbank"] },
        { externalId: "3", projectId: korzinka.id, terms: ["Korzinka"] },
      ].sort((a, b) => a.externalId.localeCompare(b.externalId) || a.projectId.localeCompare(b.projectId)),
    );
    expect(links.some((l) => l.projectId === paused.id)).toBe(false);
    const counted = await countMentions(handle.db, {
      scope: [nurbank.id],
      start: new Date("2026-11-15T00:00:00Z"),
      end: new Date("2026-11-16T00:00:00Z"),
    });
    expect(counted).toEqual({ total: 3, reach: 15, positive: 1, neutral: 1, negative: 1 });
  });

  it("works through many batches with the same result as one", async () => {
    const project = await aProject(handle, { name: "Batches", keywords: ["TezPay"] });
    const items = Array.from({ length: 250 }, (_, i) => ({
      externalId: `b${i % 240}`,
      text: i % 2 ? `TezPay orqali ${i}-to'lov amalga oshirildi` : `Oddiy xabar raqami ${i}`,
      publishedAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
    }));
    const small = await aSource(handle);
    const big = await aSource(handle);
    const inSmall = await ingest(testServices(), small.id, items, { batchSize: 7 });
    const inOne = await ingest(testServices(), big.id, items, { batchSize: 1000 });
    expect(inSmall).toEqual({ new: 240, duplicate: 10, matched: 120, rejected: [] });
    // The second source carries the very same texts within 7 days: every one is a re-post.
    expect(inOne).toEqual({ new: 0, duplicate: 250, matched: 0, rejected: [] });
    const [row] = await queryRows<{ links: number }>(
      handle.db,
      sql`SELECT count(*)::int AS links FROM message_projects WHERE project_id = ${project.id}`,
    );
    expect(row?.links).toBe(120);
  });

  it("uses the source's language when a text is too short to tell", async () => {
    const source = await aSource(handle, { language: "uz-Cyrl" });
    await ingest(testServices(), source.id, [
      { externalId: "short", text: "Зўр!" },
      { externalId: "short-ru-letters", text: "Банк" },
      { externalId: "long", text: "The bank raised its fees again and customers are not happy about it." },
    ]);
    expect((await stored(source.id)).map((r) => [r.externalId, r.language])).toEqual([
      ["long", "en"],
      ["short", "uz-Cyrl"],
      ["short-ru-letters", "uz-Cyrl"],
    ]);
  });

  it("refuses an unknown source", async () => {
    await expect(ingest(testServices(), "00000000-0000-0000-0000-000000000000", [{ text: "x" }])).rejects.toThrow(
      /Unknown source/,
    );
  });
});
