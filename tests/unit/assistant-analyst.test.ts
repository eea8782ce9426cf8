// The built-in analyst on the demo workspace: every suggested question, in all four languages, gets the
// numbers a direct query on the same data gives.
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayOf as localDay } from "~/core/period";
import { type DatabaseHandle, queryRows } from "~/db/client.server";
import { analystAnswer } from "~/features/assistant/analyst.server";
import type { EngineResult } from "~/features/assistant/engine";
import { suggestedQuestions } from "~/features/assistant/suggestions.server";
import type { Asker } from "~/features/assistant/tools.server";
import { seedDemo, seedDemoTasks } from "../../server/demo/seed";
import { openTestDatabase } from "../support/builders";
import { signedInContext } from "../support/session";

const ZONE = "Asia/Tashkent";
const LANGUAGES = ["en", "ru", "uz", "uz-Cyrl"] as const;
let handle: DatabaseHandle;
let ids: Record<"nurbank" | "orzu" | "tezpay", string>;
let today: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  const seeded = await seedDemo(handle.connection, { messages: 3000 });
  ids = seeded.projectIds;
  await seedDemoTasks(handle.connection, ids, []);
  today = localDay(new Date(), ZONE);
}, 120_000);
afterAll(() => handle.close());

async function askerFor(language: (typeof LANGUAGES)[number]): Promise<Asker> {
  const { user } = await signedInContext({ roles: ["admin"], language });
  return { user, language, timeZone: ZONE, today };
}

const silent = { text() {}, tool() {} };
const answer = async (asker: Asker, question: string) => analystAnswer(asker, question, { introduce: false }, silent);

const lastDays = (n: number) => ({ from: addDays(today, -(n - 1)), to: today });
function lastWeek() {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday - 7);
  return { from: monday, to: addDays(monday, 6) };
}
function thisWeek() {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return { from: addDays(today, -weekday), to: today };
}
const within = (column: SQL, range: { from: string; to: string }) =>
  sql`${column} >= ${range.from}::timestamp AT TIME ZONE ${ZONE} AND ${column} < (${range.to}::date + 1)::timestamp AT TIME ZONE ${ZONE}`;

/** Mentions linked to a project in a period, as the messages feed counts them (archived ones hidden). */
async function feedCount(projectId: string, range: { from: string; to: string }) {
  const [row] = await queryRows<{ n: number }>(sql`
    SELECT count(DISTINCT m.id)::int AS n FROM messages m JOIN message_projects mp ON mp.message_id = m.id
    WHERE mp.project_id = ${projectId} AND NOT m.is_archived AND ${within(sql`m.published_at`, range)}`);
  return row!.n;
}

/** Links of a project in a period by sentiment, as the analytics rollups count them. */
async function linkCounts(projectId: string, range: { from: string; to: string }) {
  const rows = await queryRows<{ sentiment: string; n: number }>(sql`
    SELECT m.sentiment, count(*)::int AS n FROM message_projects mp JOIN messages m ON m.id = mp.message_id
    WHERE mp.project_id = ${projectId} AND ${within(sql`mp.published_at`, range)} GROUP BY 1`);
  const of = (s: string) => rows.find((r) => r.sentiment === s)?.n ?? 0;
  return {
    positive: of("positive"),
    neutral: of("neutral"),
    negative: of("negative"),
    total: of("positive") + of("neutral") + of("negative"),
  };
}

const number = (language: string, n: number) => new Intl.NumberFormat(language).format(n);
const data = (result: EngineResult) => result.toolCalls[0]?.result as Record<string, any>;
const MENTIONS_WORD = { en: /mentions?/, ru: /упоминани/, uz: /tilga olinish/, "uz-Cyrl": /тилга олиниш/ };

describe.each(LANGUAGES)("the built-in analyst in %s", (language) => {
  let asker: Asker;
  let questions: string[];
  beforeAll(async () => {
    asker = await askerFor(language);
    questions = await suggestedQuestions(asker);
  });

  it("suggests seven questions built from the user's projects", () => {
    expect(questions).toHaveLength(7);
    expect(questions[0]).toContain("Nurbank");
    expect(questions[5]).toContain("Orzu Bank");
  });

  it("counts last week's mentions of a project", async () => {
    const result = await answer(asker, questions[0]!);
    expect(result.toolCalls[0]?.name).toBe("count_mentions");
    const expected = await feedCount(ids.nurbank, lastWeek());
    expect(expected).toBeGreaterThan(0);
    expect(data(result).mentions).toBe(expected);
    expect(result.content).toContain(number(language, expected));
    expect(result.content).toMatch(MENTIONS_WORD[language]);
    expect(result.blocks.find((b) => b.kind === "feed")).toMatchObject({
      query: expect.stringContaining(`project=${ids.nurbank}`),
    });
  });

  it("shows this week's negative mentions, newest first, cited as links", async () => {
    const result = await answer(asker, questions[1]!);
    expect(result.toolCalls[0]?.name).toBe("search_mentions");
    const newest = await queryRows<{ id: string }>(sql`
      SELECT m.id FROM messages m WHERE m.sentiment = 'negative' AND NOT m.is_archived
        AND EXISTS (SELECT 1 FROM message_projects mp WHERE mp.message_id = m.id AND mp.project_id = ${ids.nurbank})
        AND ${within(sql`m.published_at`, thisWeek())}
      ORDER BY m.published_at DESC, m.id DESC LIMIT 5`);
    expect(result.cited.map((m) => m.id)).toEqual(newest.map((r) => r.id));
    expect(result.cited.every((m) => m.sentiment === "negative")).toBe(true);
    const feed = result.blocks.find((b) => b.kind === "feed");
    expect(feed && "query" in feed && new URLSearchParams(feed.query).get("sentiment")).toBe("negative");
  });

  it("gives the trend over the last 30 days", async () => {
    const result = await answer(asker, questions[2]!);
    expect(result.toolCalls[0]?.name).toBe("volume_over_time");
    const expected = await linkCounts(ids.nurbank, lastDays(30));
    expect(data(result).mentions).toBe(expected.total);
    expect(result.content).toContain(number(language, expected.total));
    const volume = result.blocks.find((b) => b.kind === "volume");
    expect(volume && "days" in volume && volume.days).toHaveLength(30);
  });

  it("splits last week's mentions by sentiment", async () => {
    const result = await answer(asker, questions[3]!);
    expect(result.toolCalls[0]?.name).toBe("sentiment_split");
    const expected = await linkCounts(ids.nurbank, lastWeek());
    expect(data(result)).toMatchObject({
      positive: expected.positive,
      neutral: expected.neutral,
      negative: expected.negative,
    });
    expect(result.content).toContain(number(language, expected.total));
  });

  it("lists the top sources of the last 30 days", async () => {
    const result = await answer(asker, questions[4]!);
    expect(result.toolCalls[0]?.name).toBe("top_list");
    const expected = await queryRows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM message_projects mp JOIN messages m ON m.id = mp.message_id
      WHERE mp.project_id = ${ids.nurbank} AND ${within(sql`mp.published_at`, lastDays(30))}
      GROUP BY m.source_id ORDER BY n DESC LIMIT 5`);
    expect(data(result).sources.map((s: { mentions: number }) => s.mentions)).toEqual(expected.map((r) => r.n));
    expect(result.content).toContain(number(language, expected[0]!.n));
  });

  it("compares two projects over the last 30 days", async () => {
    const result = await answer(asker, questions[5]!);
    expect(result.toolCalls[0]?.name).toBe("compare");
    const [a, b] = [await linkCounts(ids.nurbank, lastDays(30)), await linkCounts(ids.orzu, lastDays(30))];
    expect(data(result).sides.map((s: { mentions: number }) => s.mentions)).toEqual([a.total, b.total]);
    expect(result.content).toContain(number(language, a.total));
    expect(result.content).toContain(number(language, b.total));
  });

  it("lists the open tasks", async () => {
    const result = await answer(asker, questions[6]!);
    expect(result.toolCalls[0]?.name).toBe("list_open_tasks");
    const [open] = await queryRows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM tasks WHERE status NOT IN ('done', 'canceled') AND project_id IS NOT NULL`,
    );
    expect(open!.n).toBeGreaterThan(0);
    expect(data(result).openTasks).toHaveLength(Math.min(open!.n, 20));
  });
});

describe("the built-in analyst's limits", () => {
  it("says once per conversation that no model is configured, in the user's language", async () => {
    const asker = await askerFor("ru");
    const first = await analystAnswer(asker, "Сколько упоминаний вчера?", { introduce: true }, silent);
    expect(first.content).toMatch(/не настроена ИИ-модель/);
    const later = await analystAnswer(asker, "Сколько упоминаний вчера?", { introduce: false }, silent);
    expect(later.content).not.toMatch(/не настроена ИИ-модель/);
  });

  it("answers only about the projects a user can see", async () => {
    const { user } = await signedInContext({ roles: ["viewer"], projectIds: [ids.tezpay], language: "en" });
    const asker: Asker = { user, language: "en", timeZone: ZONE, today };
    const result = await answer(asker, "Compare Nurbank and Orzu Bank over the last 30 days");
    // The names are not the user's projects: the analyst looks at what they can see, and never at those.
    const seen = JSON.stringify(result.toolCalls);
    expect(seen).not.toContain(ids.nurbank);
    expect(seen).not.toContain(ids.orzu);
    expect(await suggestedQuestions(asker)).toEqual(expect.arrayContaining([expect.stringContaining("TezPay")]));
  });
});
