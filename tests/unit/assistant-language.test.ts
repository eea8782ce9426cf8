import { describe, expect, it } from "vitest";
import { presetDays } from "~/core/period";
import { recognise } from "~/features/assistant/intent";
import { findPeriods, readPeriod } from "~/features/assistant/period";

// Monday 23 November 2026 in the user's zone.
const TODAY = "2026-11-23";
const LAST_WEEK = { from: "2026-11-16", to: "2026-11-22" };
const YESTERDAY = { from: "2026-11-22", to: "2026-11-22" };
const MARCH = { from: "2026-03-01", to: "2026-03-31" };

/** The first period a phrase names, as days. */
function periodOf(phrase: string) {
  const [first] = findPeriods(phrase, TODAY);
  return first && { from: first.from, to: first.to };
}

describe("periods named in a question", () => {
  it.each([
    ["last week", LAST_WEEK],
    ["за прошлую неделю", LAST_WEEK],
    ["на прошлой неделе", LAST_WEEK],
    ["oʻtgan hafta", LAST_WEEK],
    ["o'tgan haftada", LAST_WEEK],
    ["ўтган ҳафта", LAST_WEEK],
    ["yesterday", YESTERDAY],
    ["вчера", YESTERDAY],
    ["kecha", YESTERDAY],
    ["кеча", YESTERDAY],
    ["in March", MARCH],
    ["в марте", MARCH],
    ["mart oyida", MARCH],
    ["март ойида", MARCH],
    ["in May", { from: "2026-05-01", to: "2026-05-31" }],
    ["в мае", { from: "2026-05-01", to: "2026-05-31" }],
    ["in December", { from: "2025-12-01", to: "2025-12-31" }],
    ["this week", { from: "2026-11-23", to: "2026-11-23" }],
    ["на этой неделе", { from: "2026-11-23", to: "2026-11-23" }],
    ["this month", { from: "2026-11-01", to: "2026-11-23" }],
    ["в прошлом месяце", { from: "2026-10-01", to: "2026-10-31" }],
    ["oʻtgan oy", { from: "2026-10-01", to: "2026-10-31" }],
    ["last 30 days", { from: "2026-10-25", to: "2026-11-23" }],
    ["за последние 30 дней", { from: "2026-10-25", to: "2026-11-23" }],
    ["soʻnggi 30 kunda", { from: "2026-10-25", to: "2026-11-23" }],
    ["сўнгги 30 кунда", { from: "2026-10-25", to: "2026-11-23" }],
    ["today", { from: TODAY, to: TODAY }],
    ["bugun", { from: TODAY, to: TODAY }],
  ])("%s", (phrase, range) => {
    expect(periodOf(phrase)).toEqual(range);
  });

  it("keeps a question's periods in order and ignores the verb “may”", () => {
    expect(findPeriods("this week vs last week", TODAY).map(({ from, to }) => ({ from, to }))).toEqual([
      { from: "2026-11-23", to: "2026-11-23" },
      LAST_WEEK,
    ]);
    expect(findPeriods("I may ask again", TODAY)).toEqual([]);
    expect(findPeriods("how many mentions?", TODAY)).toEqual([]);
    // A month of a year to come has no days yet.
    expect(findPeriods("December 2027", TODAY)).toEqual([]);
  });

  it("reads a model's explicit days, the last seven days when none, and refuses nonsense", () => {
    expect(readPeriod("2026-03-01..2026-03-31", TODAY)).toEqual(MARCH);
    expect(readPeriod("2026-03-31..2026-03-01", TODAY)).toEqual(MARCH);
    expect(readPeriod("2026-03-05", TODAY)).toEqual({ from: "2026-03-05", to: "2026-03-05" });
    expect(readPeriod("last week", TODAY)).toEqual(LAST_WEEK);
    expect(readPeriod(undefined, TODAY)).toEqual({ from: "2026-11-17", to: TODAY });
    expect(readPeriod("whenever", TODAY)).toBeNull();
  });

  it("refuses days that do not exist and periods longer than a custom period may be", () => {
    expect(readPeriod("2026-02-31", TODAY)).toBeNull();
    expect(readPeriod("2026-02-01..2026-02-30", TODAY)).toBeNull();
    expect(readPeriod("2026-13-01", TODAY)).toBeNull();
    expect(readPeriod("2024-01-01..2026-01-01", TODAY)).toBeNull();
    expect(readPeriod("2024-02-29", TODAY)).toEqual({ from: "2024-02-29", to: "2024-02-29" });
  });

  it("means by each preset what every screen means (core/period)", () => {
    for (const preset of [
      "today",
      "yesterday",
      "this-week",
      "last-week",
      "this-month",
      "last-month",
      "7",
      "30",
    ] as const) {
      const phrase = {
        today: "today",
        yesterday: "yesterday",
        "this-week": "this week",
        "last-week": "last week",
        "this-month": "this month",
        "last-month": "last month",
        "7": "last 7 days",
        "30": "last 30 days",
      }[preset];
      expect(periodOf(phrase)).toEqual(presetDays(preset, TODAY));
    }
  });
});

const PROJECTS = [
  { id: "n", name: "Nurbank", keywords: ["Nurbank", "Нурбанк"] },
  { id: "o", name: "Orzu Bank", keywords: ["Orzu Bank", "Орзу Банк"] },
];

describe("what a question asks", () => {
  it.each([
    ["How many mentions did Nurbank get last week?", { parts: ["count"], projectIds: ["n"] }],
    ["Сколько упоминаний было у Нурбанка вчера?", { parts: ["count"], projectIds: ["n"] }],
    ["Oʻtgan haftada Nurbank haqida nechta tilga olinish boʻldi?", { parts: ["count"], projectIds: ["n"] }],
    ["Кеча Нурбанк ҳақида нечта тилга олиниш бўлди?", { parts: ["count"], projectIds: ["n"] }],
    ["Show me negative mentions about Nurbank this week", { parts: ["search"], sentiment: "negative" }],
    ["Покажи негативные упоминания о Нурбанке", { parts: ["search"], sentiment: "negative", projectIds: ["n"] }],
    ["Shu haftada Nurbank haqidagi salbiy tilga olinishlarni koʻrsat", { parts: ["search"], sentiment: "negative" }],
    ["Compare Nurbank and Orzu Bank", { parts: ["compare"], projectIds: ["n", "o"] }],
    ["Сравни Орзу Банк и Нурбанк", { parts: ["compare"], projectIds: ["o", "n"] }],
    ["Nurbank this week vs last week", { parts: ["compare"], projectIds: ["n"] }],
    ["Top sources for Nurbank", { parts: ["top"], top: "sources" }],
    ["Топ авторов по Orzu Bank", { parts: ["top"], top: "authors", projectIds: ["o"] }],
    ["Qaysi mavzular ommalashmoqda?", { parts: ["topics"] }],
    ["What are the main negative topics for Nurbank?", { parts: ["topics"], sentiment: "negative" }],
    ["Какие основные негативные темы у Нурбанка?", { parts: ["topics"], sentiment: "negative", projectIds: ["n"] }],
    ["Nurbank boʻyicha asosiy salbiy mavzular qaysi?", { parts: ["topics"], sentiment: "negative" }],
    ["Нурбанк бўйича асосий салбий мавзулар қайси?", { parts: ["topics"], sentiment: "negative" }],
    ["What is the trend for Nurbank?", { parts: ["trend"] }],
    ["Какова динамика упоминаний?", { parts: ["trend"] }],
    ["Тональность упоминаний Нурбанка", { parts: ["sentiment"], projectIds: ["n"] }],
    ["Nurbankning kayfiyati qanday?", { parts: ["sentiment"], projectIds: ["n"] }],
    ["Share of voice last month", { parts: ["share"] }],
    ["Қайси вазифалар очиқ?", { parts: ["tasks"] }],
    // Several things at once, in the order asked.
    ["How many negative mentions of Nurbank were there in the last 7 days? Show them.", { parts: ["count", "search"] }],
    ["Сколько негативных упоминаний Нурбанка за последние 7 дней? Покажи их.", { parts: ["count", "search"] }],
    ["Oxirgi 7 kunda Nurbank haqida nechta salbiy eslatma boʻldi? Ularni koʻrsat.", { parts: ["count", "search"] }],
    ["Охирги 7 кунда Нурбанк ҳақида нечта салбий эслатма бўлди? Уларни кўрсат.", { parts: ["count", "search"] }],
    ["What is the trend for Nurbank, and which sources write the most?", { parts: ["trend", "top"], top: "sources" }],
    ["Top sources of Nurbank and its tone", { parts: ["top", "sentiment"] }],
    ["Show me the trend for Nurbank", { parts: ["trend"] }],
    ["How is the trend for Nurbank?", { parts: ["trend"] }],
  ])("%s", (question, expected) => {
    expect(recognise(question, PROJECTS, TODAY)).toMatchObject(expected);
  });

  it("searches for words after “about” that name no project", () => {
    expect(recognise("Show me negative mentions about cashback this week", PROJECTS, TODAY)).toMatchObject({
      parts: ["search"],
      query: "cashback",
      projectIds: [],
    });
    expect(recognise("Покажи упоминания про кэшбэк", PROJECTS, TODAY).query).toBe("кэшбэк");
  });
});
