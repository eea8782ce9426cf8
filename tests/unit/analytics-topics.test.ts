// Topics on analytics (issue 30, ADR 047) on the demo workspace: the stories of Nurbank's last 30 days, each
// row's count the very total the messages feed shows behind its link (and its previous period's the same),
// the CSV the same rows, and a new mention of a topic counted as soon as it arrives.
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Preferences, preferencesContext, requireReader } from "~/core/context.server";
import { mentionsChanged } from "~/core/kept.server";
import type { Reader } from "~/core/reader";
import type { DatabaseHandle } from "~/db/client.server";
import { analyticsPage, chartTable, toCsv } from "~/features/analytics/page.server";
import { listProjects } from "~/features/projects/projects.server";
import { extractTopics } from "~/features/topics/extract";
import { seedDemo } from "../../server/demo/seed";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { feedTotalIn } from "../support/feed";
import { testServices } from "../support/services";
import { signedInContext } from "../support/session";

const ZONE = "Asia/Tashkent";
let handle: DatabaseHandle;
let nurbank: string;
let context: Awaited<ReturnType<typeof signedInContext>>["context"];
let reader: Reader;

beforeAll(async () => {
  handle = await openTestDatabase();
  nurbank = (await seedDemo(handle.connection, { messages: 3000 })).projectIds.nurbank;
  context = (await signedInContext({ roles: ["admin"] })).context;
  context.set(preferencesContext, { ...(context.get(preferencesContext) as Preferences), timezone: ZONE });
  reader = requireReader(context);
}, 120_000);
afterAll(() => handle.close());

const pageOf = async (params: string) =>
  analyticsPage(testServices(), reader, await listProjects(testServices(), reader), new URLSearchParams(params));

const feedTotal = (query: string) => feedTotalIn(context, query);

describe("topics on analytics", () => {
  it("are the stories of the period, each counted as its link's feed counts it", async () => {
    const page = await pageOf(`project=${nurbank}`);
    expect(page.topics.length).toBeGreaterThan(1);
    // The QR fee (Russian and Uzbek as one) and the mortgage cut lead; the old "trending terms" are gone.
    expect(page.topics.slice(0, 2).map((t) => t.search.toLowerCase())).toEqual(
      expect.arrayContaining([expect.stringMatching(/qr/), expect.stringMatching(/ipotek|ипотек/)]),
    );
    expect(page).not.toHaveProperty("terms");
    for (const topic of page.topics) {
      const query = new URLSearchParams(topic.query);
      expect(query.getAll("project")).toEqual([nurbank]);
      expect(query.get("q")).toBe(topic.search);
      expect(await feedTotal(topic.query), topic.label).toEqual({ count: topic.count, estimated: topic.estimated });
      // The change is against the same search in the previous period, counted by the feed too.
      query.set("from", page.period.previous.from);
      query.set("to", page.period.previous.to);
      expect((await feedTotal(query.toString())).count, topic.label).toBe(topic.previous);
      expect(topic.mix.positive + topic.mix.neutral + topic.mix.negative).toBeCloseTo(1);
    }
    const qr = page.topics.find((t) => /qr/i.test(t.search));
    expect(qr?.mix.negative).toBeGreaterThan(0.9);
    expect(qr?.length).toBeGreaterThan(0);
  });

  it("keep the page's filters in their links and counts", async () => {
    const page = await pageOf(`project=${nurbank}&sentiment=negative&period=7`);
    expect(page.topics.length).toBeGreaterThan(0);
    for (const topic of page.topics) {
      expect(new URLSearchParams(topic.query).getAll("sentiment")).toEqual(["negative"]);
      expect(topic.mix.negative).toBe(1);
      expect((await feedTotal(topic.query)).count).toBe(topic.count);
    }
  });

  it("download as CSV exactly as shown", async () => {
    const params = new URLSearchParams(`project=${nurbank}`);
    const page = await pageOf(params.toString());
    const csv = toCsv(await chartTable(testServices(), reader, "topics", params)).replace(/^\uFEFF/, "");
    const rows = parse(csv, { columns: true, cast: true });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(
      page.topics.map((t) => ({
        topic: t.label,
        mentions: t.count,
        estimated: String(t.estimated),
        previous: t.previous,
        positive_share: expect.closeTo(t.mix.positive, 2),
        neutral_share: expect.closeTo(t.mix.neutral, 2),
        negative_share: expect.closeTo(t.mix.negative, 2),
        search: t.search,
        phrases: t.phrases.join(" | "),
      })),
    );
  });

  it("count a new mention of a topic as soon as it arrives", async () => {
    const params = `project=${nurbank}`;
    const before = (await pageOf(params)).topics.find((t) => /qr/i.test(t.search));
    expect(before).toBeDefined();
    const source = await aSource(handle);
    await mentions(handle, {
      source,
      projectIds: [nurbank],
      items: [{ at: new Date(Date.now() - 60_000), text: `Nurbank: ${before?.search} — yana!`, sentiment: "negative" }],
    });
    // As ingestion does after storing mentions: read caches drop their figures.
    mentionsChanged();
    const after = (await pageOf(params)).topics.find((t) => t.search === before?.search);
    expect(after?.count).toBe((before?.count ?? 0) + 1);
    expect((await feedTotal(after?.query ?? "")).count).toBe(after?.count);
  });

  // Issue 36, item 4: "Ipoteka Bank", new to the workspace, with 6 and then 51 mentions and no history.
  it("find a new brand's topics against the rest of the workspace, with 6 and with 51 mentions", async () => {
    const project = (await aProject(handle, { name: "Ipoteka Bank", keywords: ["Ipoteka Bank"] })).id;
    const source = await aSource(handle);
    const cities = ["Samarqandda", "Buxoroda", "Namanganda", "Andijonda", "Nukusda", "Qarshida", "Xivada", "Termizda"];
    const others = ["depozit foizlarini oshirdi", "yangi reklamasi chiqdi", "bosh ofisida yigʻilish boʻldi"];
    const text = (i: number) =>
      i % 3 === 0
        ? `Ipoteka Bank yangi filial ochdi ${cities[i % cities.length]} ${i}`
        : i % 3 === 1
          ? `Ipoteka Bank ilovasida kartani bloklash ishlamayapti ${cities[i % cities.length]} ${i}`
          : `Ipoteka Bank ${others[i % others.length]} ${cities[i % cities.length]} ${i}`;
    const add = (from: number, to: number) =>
      mentions(handle, {
        source,
        projectIds: [project],
        items: Array.from({ length: to - from }, (_, k) => ({ daysAgo: 1 + ((from + k) % 5), text: text(from + k) })),
      });
    for (const [from, to] of [
      [0, 6],
      [6, 51],
    ] as const) {
      await add(from, to);
      mentionsChanged();
      const page = await pageOf(`project=${project}`);
      expect(page.topics.length, `${to} mentions`).toBeGreaterThan(0);
      expect(page.topics.map((t) => t.label.toLowerCase()).join(" | ")).toMatch(/filial|kartani|bloklash/);
      for (const topic of page.topics) {
        expect((await feedTotal(topic.query)).count, topic.label).toBe(topic.count);
      }
    }
  });
});

describe("topics when nothing stands out", () => {
  it("are the most frequent phrases, and say so (nothing compared)", async () => {
    const said = ["kartani bloklash ishlamayapti", "kartani bloklash ishlamayapti", "yangi filial ochdi"];
    const current = {
      mentions: Array.from({ length: 6 }, (_, i) => ({
        id: String(i),
        title: null,
        text: `${said[i % said.length]} ${["bugun", "kecha", "ertalab", "kechqurun", "tunda", "tushda"][i]}`,
        language: "uz",
        sentiment: "neutral" as const,
      })),
      total: 6,
    };
    const found = await extractTopics({
      current,
      previous: { mentions: [], total: 0 },
      workspace: { mentions: [], total: 0 },
    });
    expect(found.compared).toEqual([]);
    expect(found.topics[0]?.label.toLowerCase()).toMatch(/kartani bloklash/);
    expect(found.topics[0]?.count).toBe(4);
  });
});
