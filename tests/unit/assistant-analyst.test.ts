// The built-in analyst on the demo workspace: every suggested question, in all four languages, gets the
// numbers a direct query on the same data gives; a question asking several things gets each, citing mentions
// by link; "main negative topics" are the demo's stories, counted as their feed links count them; and the
// paragraph saying no model is configured comes once per conversation.
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today as todayIn } from "~/core/period";
import type { Reader } from "~/core/reader";
import { queryRows as rowsOf } from "~/core/sql.server";
import type { DatabaseHandle } from "~/db/client.server";
import { analystAnswer } from "~/features/assistant/analyst.server";
import { answerPending, ask, storedMessages } from "~/features/assistant/conversations.server";
import type { EngineResult } from "~/features/assistant/engine";
import { suggestedQuestions } from "~/features/assistant/suggestions.server";
import { feedOf } from "~/features/mentions/feed.server";
import { feedTotal } from "~/features/mentions/feed-total.server";
import { translatorFor } from "~/i18n/i18n.server";
import { seedDemo, seedDemoTasks } from "../../server/demo/seed";
import { openTestDatabase } from "../support/builders";
import { testServices } from "../support/services";
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
  today = todayIn(ZONE);
}, 120_000);
afterAll(() => handle.close());

/** A reader in Tashkent: their days are the zone's. */
async function readerFor(
  language: (typeof LANGUAGES)[number],
  access: { roles: Array<"admin" | "viewer">; projectIds?: string[] } = { roles: ["admin"] },
): Promise<Reader> {
  const { user } = await signedInContext({ ...access, language });
  return { ...user, language, timeZone: ZONE, activeProjectId: null };
}

const queryRows = <T>(query: SQL) => rowsOf<T>(handle.db, query);
const silent = { text() {}, tool() {} };
const answer = async (reader: Reader, question: string) =>
  analystAnswer(testServices(), reader, question, { introduce: false }, silent);

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
  let reader: Reader;
  let questions: string[];
  beforeAll(async () => {
    reader = await readerFor(language);
    questions = await suggestedQuestions(testServices(), reader);
  });

  it("suggests eight questions built from the user's projects", () => {
    expect(questions).toHaveLength(8);
    expect(questions[0]).toContain("Nurbank");
    expect(questions[6]).toContain("Orzu Bank");
  });

  it("counts last week's mentions of a project", async () => {
    const result = await answer(reader, questions[0]!);
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
    const result = await answer(reader, questions[1]!);
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
    const result = await answer(reader, questions[2]!);
    expect(result.toolCalls[0]?.name).toBe("volume_over_time");
    const expected = await linkCounts(ids.nurbank, lastDays(30));
    expect(data(result).mentions).toBe(expected.total);
    expect(result.content).toContain(number(language, expected.total));
    const volume = result.blocks.find((b) => b.kind === "volume");
    expect(volume && "days" in volume && volume.days).toHaveLength(30);
  });

  it("splits last week's mentions by sentiment", async () => {
    const result = await answer(reader, questions[3]!);
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
    const result = await answer(reader, questions[4]!);
    expect(result.toolCalls[0]?.name).toBe("top_list");
    const expected = await queryRows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM message_projects mp JOIN messages m ON m.id = mp.message_id
      WHERE mp.project_id = ${ids.nurbank} AND ${within(sql`mp.published_at`, lastDays(30))}
      GROUP BY m.source_id ORDER BY n DESC LIMIT 5`);
    expect(data(result).sources.map((s: { mentions: number }) => s.mentions)).toEqual(expected.map((r) => r.n));
    expect(result.content).toContain(number(language, expected[0]!.n));
  });

  it("finds the main negative topics of the last 30 days: the demo's stories, each counted by its feed link", async () => {
    const result = await answer(reader, questions[5]!);
    expect(result.toolCalls.map((c) => c.name)).toEqual(["topics"]);
    const topics = data(result).topics as Array<Record<string, any>>;
    expect(topics.length).toBeGreaterThan(0);
    // The fee on QR payments leads, in Russian and both Uzbek scripts as one topic.
    expect(String(topics[0]!.topic).toLowerCase()).toMatch(/qr/);
    for (const topic of topics) {
      const link = new URLSearchParams(String(topic.link).replace(/^\/messages\?/, ""));
      expect(link.get("sentiment")).toBe("negative");
      expect(link.getAll("project")).toEqual([ids.nurbank]);
      const total = await feedTotal(testServices(), feedOf({ ...reader, activeProjectId: null }, link));
      expect(total.count, String(topic.topic)).toBe(topic.mentions);
      expect(topic.percent.negative).toBe(100);
      expect(result.content).toContain(String(topic.topic));
      expect(result.content).toContain(number(language, topic.mentions));
    }
    // Each topic cites its newest mentions by link, in the text and under it.
    expect(result.cited.length).toBeGreaterThan(0);
    for (const cited of result.cited) expect(result.content).toContain(`](/messages/${cited.id})`);
    const bars = result.blocks.find((b) => b.kind === "bars");
    expect(bars && "rows" in bars && bars.rows[0]?.name).toMatchObject({ feed: expect.stringContaining("q=") });
  });

  it("compares two projects over the last 30 days", async () => {
    const result = await answer(reader, questions[6]!);
    expect(result.toolCalls[0]?.name).toBe("compare");
    const [a, b] = [await linkCounts(ids.nurbank, lastDays(30)), await linkCounts(ids.orzu, lastDays(30))];
    expect(data(result).sides.map((s: { mentions: number }) => s.mentions)).toEqual([a.total, b.total]);
    expect(result.content).toContain(number(language, a.total));
    expect(result.content).toContain(number(language, b.total));
  });

  it("lists the open tasks (an admin's: every project's, and those in none)", async () => {
    const result = await answer(reader, questions[7]!);
    expect(result.toolCalls[0]?.name).toBe("list_open_tasks");
    const [open] = await queryRows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM tasks WHERE status NOT IN ('done', 'canceled')`,
    );
    expect(open!.n).toBeGreaterThan(0);
    expect(data(result).openTasks).toHaveLength(Math.min(open!.n, 20));
  });
});

const SEVERAL = {
  en: [
    "How many negative mentions of Nurbank were there in the last 7 days? Show them.",
    "What is the trend for Nurbank over the last 30 days, and which sources write the most?",
  ],
  ru: [
    "Сколько негативных упоминаний Нурбанка было за последние 7 дней? Покажи их.",
    "Какова динамика упоминаний Нурбанка за последние 30 дней и какие источники пишут больше всех?",
  ],
  uz: [
    "Oxirgi 7 kunda Nurbank haqida nechta salbiy tilga olinish boʻldi? Ularni koʻrsat.",
    "Oxirgi 30 kunda Nurbank dinamikasi qanday va qaysi manbalar eng koʻp yozadi?",
  ],
  "uz-Cyrl": [
    "Охирги 7 кунда Нурбанк ҳақида нечта салбий тилга олиниш бўлди? Уларни кўрсат.",
    "Охирги 30 кунда Нурбанк динамикаси қандай ва қайси манбалар энг кўп ёзади?",
  ],
} as const;

describe.each(LANGUAGES)("a question asking several things, in %s", (language) => {
  let reader: Reader;
  beforeAll(async () => {
    reader = await readerFor(language);
  });

  it("gets the count and the mentions, each cited by its link", async () => {
    const result = await answer(reader, SEVERAL[language][0]);
    expect(result.toolCalls.map((c) => c.name)).toEqual(["count_mentions", "search_mentions"]);
    const [count, search] = result.toolCalls.map((c) => c.result as Record<string, any>);
    const week = lastDays(7);
    const [expected] = await queryRows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM messages m WHERE m.sentiment = 'negative' AND NOT m.is_archived
        AND EXISTS (SELECT 1 FROM message_projects mp WHERE mp.message_id = m.id AND mp.project_id = ${ids.nurbank})
        AND ${within(sql`m.published_at`, week)}`);
    expect(expected!.n).toBeGreaterThan(5);
    expect(count!.mentions).toBe(expected!.n);
    expect(result.content).toContain(number(language, expected!.n));
    // The newest five, in the text as links and under it.
    expect(search!.mentions).toHaveLength(5);
    expect(result.cited).toHaveLength(5);
    for (const m of result.cited) {
      expect(m.sentiment).toBe("negative");
      expect(result.content).toContain(`](/messages/${m.id})`);
    }
    expect(result.blocks.map((b) => b.kind)).toEqual(expect.arrayContaining(["mentions", "feed"]));
  });

  it("gets the trend and the top sources", async () => {
    const result = await answer(reader, SEVERAL[language][1]);
    expect(result.toolCalls.map((c) => c.name)).toEqual(["volume_over_time", "top_list"]);
    const [trend, top] = result.toolCalls.map((c) => c.result as Record<string, any>);
    expect(result.content).toContain(number(language, trend!.mentions));
    expect(result.content).toContain(top!.sources[0].name);
    expect(result.blocks.map((b) => b.kind)).toEqual(expect.arrayContaining(["volume", "bars"]));
  });
});

describe("the built-in analyst's limits", () => {
  it.each(LANGUAGES)("says once per conversation that no model is configured (%s)", async (language) => {
    const reader = await readerFor(language);
    const notice = (await translatorFor(language, "ai-assistant"))("analyst.notice");
    const services = testServices();
    const answered = async (question: string, conversation?: string) => {
      const id = await ask(services, reader, question, conversation);
      await answerPending(services, reader, id);
      const stored = await storedMessages(services, id);
      return { id, content: stored.filter((m) => m.role === "assistant").at(-1)?.content ?? "" };
    };
    const first = await answered(SEVERAL[language][0]);
    expect(first.content.startsWith(notice)).toBe(true);
    for (const question of SEVERAL[language]) {
      const later = await answered(question, first.id);
      expect(later.content).not.toContain(notice);
      expect(later.content).toMatch(/\]\(\/messages\/|\d/);
    }
    // A new conversation is told again.
    expect((await answered(SEVERAL[language][1])).content.startsWith(notice)).toBe(true);
  });

  it("answers only about the projects a user can see", async () => {
    const reader = await readerFor("en", { roles: ["viewer"], projectIds: [ids.tezpay] });
    const result = await answer(reader, "Compare Nurbank and Orzu Bank over the last 30 days");
    // The names are not the user's projects: the analyst looks at what they can see, and never at those.
    const seen = JSON.stringify(result.toolCalls);
    expect(seen).not.toContain(ids.nurbank);
    expect(seen).not.toContain(ids.orzu);
    expect(await suggestedQuestions(testServices(), reader)).toEqual(
      expect.arrayContaining([expect.stringContaining("TezPay")]),
    );
  });
});
