// Reports (issue 18): the snapshot from a fixed data set in Tashkent's zone, its permanence, the create form,
// roles and scope, the PDF read back with pdftotext (English, Russian, Uzbek Cyrillic), the CSV, and the
// schedule: due times across a time-zone day boundary, one report per period, e-mail with the PDF attached.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { messages, reports } from "~/db/schema";
import { Notes } from "~/features/reports/document";
import { queueDueReports } from "~/features/reports/generate.server";
import { closePdfBrowser } from "~/features/reports/pdf.server";
import { lastOccurrence, reportDays } from "~/features/reports/periods";
import { createReport, getReport } from "~/features/reports/reports.server";
import { createReportSchema } from "~/features/reports/schemas";
import type { ReportSnapshot } from "~/features/reports/snapshot";
import { parseEnv, setEnv } from "~/lib/env.server";
import { loader as listLoader } from "~/routes/_app.reports._index";
import { action as reportAction, loader as reportLoader } from "~/routes/_app.reports.$reportId";
import { action as createAction } from "~/routes/_app.reports.new";
import { loader as csvLoader } from "~/routes/reports.$reportId.csv";
import { loader as pdfLoader } from "~/routes/reports.$reportId.pdf";
import { CHROMIUM, ensureDebianPackage, PDFTOTEXT } from "../../scripts/debian-packages";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { jobsSettled, startTestJobQueue } from "../support/jobs";
import { formPost, ORIGIN } from "../support/route";
import { signedInContext } from "../support/session";
import { bodyText, startSmtpServer } from "../support/smtp";

const TASHKENT = "Asia/Tashkent";
let handle: DatabaseHandle;
let alpha: string;
let beta: string;
let other: string;

type Args = Parameters<typeof reportLoader>[0];
const args = (context: unknown, reportId: string, request = new Request(`${ORIGIN}/reports/${reportId}`)) =>
  ({ request, context, params: { reportId }, url: new URL(request.url), pattern: "" }) as unknown as Args;

/** What a loader threw (a 404, a 403) or returned. */
async function settle<T>(promise: Promise<T>): Promise<T | { status: number }> {
  try {
    return await promise;
  } catch (thrown) {
    if (thrown && typeof thrown === "object" && "init" in thrown)
      return { status: (thrown as { init: { status: number } }).init.status };
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const statusOf = (value: unknown) => (value as { status?: number }).status;

/** A report of Alpha for 2–8 March 2026 in Tashkent, all sections. */
async function alphaReport(language: "en" | "ru" | "uz-Cyrl" = "en", extra: Record<string, string> = {}) {
  const { user } = await signedInContext({ roles: ["analyst"], projectIds: [alpha] });
  const parsed = createReportSchema.parse({
    projectId: alpha,
    period: "custom",
    from: "2026-03-02",
    to: "2026-03-08",
    title: extra.title ?? "Weekly brief",
    language,
    sections: [
      "kpis",
      "volume",
      "sentiment",
      "share_of_voice",
      "top_sources",
      "top_authors",
      "trending_terms",
      "top_mentions",
      "notes",
    ],
    topMentionsCount: extra.topMentionsCount ?? "2",
    topMentionIds: extra.topMentionIds,
    notes: "First paragraph.\n\n- one\n- two",
  });
  return createReport(user, parsed, {
    timeZone: TASHKENT,
    suggestTitle: (p) => p,
    now: new Date("2026-03-10T10:00:00Z"),
  });
}

beforeAll(async () => {
  handle = await openTestDatabase();
  beta = (await aProject(handle, { name: "Beta", keywords: ["beta"] })).id;
  alpha = (await aProject(handle, { name: "Alpha", keywords: ["alpha"], competitorIds: [beta] })).id;
  other = (await aProject(handle, { name: "Foreign", keywords: ["foreign"] })).id;
  const news = await aSource(handle, { type: "rss", name: "Daily News" });
  const channel = await aSource(handle, { type: "telegram", name: "Channel", url: "channel" });
  await mentions(handle, {
    source: news,
    projectIds: [alpha],
    items: [
      // Monday 2 March, 00:30 in Tashkent: still Sunday 1 March in UTC, inside the period.
      {
        at: new Date("2026-03-01T19:30:00Z"),
        sentiment: "positive",
        reach: 900,
        author: "Aziza",
        title: "Alpha opens a branch in Samarkand",
        text: "Жители Самарканда хвалят новый филиал Alpha.",
      },
      {
        at: new Date("2026-03-04T09:00:00Z"),
        sentiment: "negative",
        reach: 500,
        author: "Bek",
        title: "Queues at Alpha",
        text: "Oʻzbekiston: navbatlar uzun. Ўзбекистон: навбатлар узун.",
      },
      {
        at: new Date("2026-03-05T09:00:00Z"),
        sentiment: "neutral",
        reach: 10,
        author: "Aziza",
        text: "A quiet note about Alpha.",
      },
    ],
  });
  await mentions(handle, {
    source: channel,
    projectIds: [alpha],
    items: [
      {
        at: new Date("2026-03-08T18:30:00Z"),
        sentiment: "positive",
        reach: 40,
        text: "Alpha late on Sunday, 23:30 in Tashkent.",
      },
      // Monday 9 March, 00:30 in Tashkent: after the period.
      { at: new Date("2026-03-08T19:30:00Z"), sentiment: "negative", reach: 10_000, text: "Alpha after the period." },
      // The previous period, 23 February – 1 March.
      { at: new Date("2026-02-25T09:00:00Z"), sentiment: "negative", reach: 100, text: "Alpha before." },
      { at: new Date("2026-02-26T09:00:00Z"), sentiment: "negative", reach: 100, text: "Alpha before, again." },
    ],
  });
  await mentions(handle, { source: channel, projectIds: [beta], items: [{ at: new Date("2026-03-03T09:00:00Z") }] });
  await mentions(handle, { source: channel, projectIds: [other], items: [{ at: new Date("2026-03-03T09:00:00Z") }] });
});

afterAll(async () => {
  await closePdfBrowser();
  await handle.close();
});

describe("a report's snapshot", () => {
  it("holds the period's figures in the report's zone, against the week before", async () => {
    const report = await alphaReport();
    expect(report.status).toBe("ready");
    const s = report.snapshot as unknown as ReportSnapshot;
    expect(s.period).toMatchObject({
      from: "2026-03-02",
      to: "2026-03-08",
      previousFrom: "2026-02-23",
      previousTo: "2026-03-01",
    });
    expect(s.kpis.mentions).toEqual({ value: 4, previous: 2 });
    expect(s.kpis.reach).toEqual({ value: 1450, previous: 200 });
    expect(s.kpis.positive).toEqual({ value: 2, previous: 0 });
    expect(s.kpis.negative).toEqual({ value: 1, previous: 2 });
    expect(s.kpis.net.value).toBeCloseTo(1 / 3);
    expect(s.volume.map((d) => d.day)).toEqual([
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
    ]);
    expect(s.volume[0]).toMatchObject({ positive: 1, neutral: 0, negative: 0 });
    expect(s.volume[6]).toMatchObject({ positive: 1 });
    expect(s.sentiment).toEqual({ positive: 2, neutral: 1, negative: 1 });
    // Beta is a competitor its members may not see: counted, unnamed.
    expect(s.shareOfVoice).toEqual([
      expect.objectContaining({ id: alpha, name: "Alpha", mentions: 4 }),
      expect.objectContaining({ id: "other", name: "", mentions: 1 }),
    ]);
    expect(s.topSources.map((r) => [r.name, r.mentions, r.reach])).toEqual([
      ["Daily News", 3, 1410],
      ["Channel", 1, 40],
    ]);
    expect(s.topAuthors.map((r) => [r.name, r.mentions])).toEqual([
      ["Aziza", 2],
      ["Bek", 1],
    ]);
    // The two with the most reach in the period (not the 10 000 one just after it).
    expect(s.topMentions.map((m) => m.reach)).toEqual([900, 500]);
    expect(s.notes).toBe("First paragraph.\n\n- one\n- two");
  });

  it("keeps saying what it said after the mentions change, until it is regenerated", async () => {
    const delta = (await aProject(handle, { name: "Delta", keywords: ["delta"] })).id;
    const source = await aSource(handle, { name: "Delta News" });
    const [kept, changed, gone] = await mentions(handle, {
      source,
      projectIds: [delta],
      items: [
        { at: new Date("2026-03-03T09:00:00Z"), sentiment: "positive", reach: 30 },
        { at: new Date("2026-03-04T09:00:00Z"), sentiment: "positive", reach: 20 },
        { at: new Date("2026-03-05T09:00:00Z"), sentiment: "negative", reach: 10 },
      ],
    });
    const { user, context } = await signedInContext({ roles: ["analyst"], projectIds: [delta] });
    const input = createReportSchema.parse({
      projectId: delta,
      period: "last_week",
      language: "en",
      sections: ["kpis", "sentiment", "top_mentions"],
      topMentionsCount: "5",
    });
    const report = await createReport(user, input, {
      timeZone: TASHKENT,
      suggestTitle: (p) => p,
      now: new Date("2026-03-10T10:00:00Z"),
    });
    const before = report.snapshot as unknown as ReportSnapshot;
    expect(before.sentiment).toEqual({ positive: 2, neutral: 0, negative: 1 });

    await handle.db.update(messages).set({ sentiment: "negative" }).where(eq(messages.id, changed!.id));
    await handle.db.delete(messages).where(eq(messages.id, gone!.id));
    expect((await getReport(user, report.id)).snapshot).toEqual(before);

    const response = (await reportAction(
      args(context, report.id, formPost(`/reports/${report.id}`, { intent: "regenerate" })),
    )) as Response;
    expect(response.status).toBe(302);
    const after = (await getReport(user, report.id)).snapshot as unknown as ReportSnapshot;
    expect(after.sentiment).toEqual({ positive: 1, neutral: 0, negative: 1 });
    expect(after.topMentions.map((m) => m.id)).toEqual([kept!.id, changed!.id]);
    expect(after.generatedAt > before.generatedAt).toBe(true);
  });
});

describe("notes", () => {
  it("become paragraphs and lists, a heading line kept apart from the list under it", () => {
    const html = renderToStaticMarkup(
      <Notes text={"Highlights:\n- one\n- two\n\nThen a paragraph\non two lines.\n1. first\n2. second"} />,
    );
    expect(html).toBe(
      '<div class="report-notes"><p>Highlights:</p><ul><li>one</li><li>two</li></ul><p>Then a paragraph\non two lines.</p><ol><li>first</li><li>second</li></ol></div>',
    );
  });
});

describe("creating a report", () => {
  it("sends back what was typed with a translated error per field, and keeps the period's order", async () => {
    const { context } = await signedInContext({ roles: ["analyst"], projectIds: [alpha], language: "ru" });
    const result = (await createAction(
      args(
        context,
        "",
        formPost("/reports/new", {
          projectId: "",
          period: "custom",
          from: "2026-03-08",
          to: "2026-03-01",
          title: "Мой отчёт",
          language: "ru",
          sections: "kpis",
          topMentionsCount: "5",
        }),
      ),
    )) as unknown as {
      data: { fieldErrors: Record<string, string>; values: Record<string, string> };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      projectId: "reports:errors.projectRequired",
      from: "reports:errors.period.order",
    });
    expect(result.data.values.title).toBe("Мой отчёт");
  });

  it("orders the sections by their positions and suggests a title in the report's language", async () => {
    const { context } = await signedInContext({ roles: ["analyst"], projectIds: [alpha] });
    const form = new URLSearchParams({
      projectId: alpha,
      period: "last_week",
      title: "",
      language: "ru",
      topMentionsCount: "3",
      "position.notes": "1",
      "position.kpis": "2",
    });
    for (const s of ["kpis", "notes", "top_mentions"]) form.append("sections", s);
    const request = new Request(`${ORIGIN}/reports/new`, { method: "POST", body: form, headers: { Origin: ORIGIN } });
    const response = (await createAction(args(context, "", request))) as Response;
    expect(response.status).toBe(302);
    const id = response.headers.get("Location")?.split("/").at(-1) as string;
    const [row] = await handle.db.select().from(reports).where(eq(reports.id, id));
    expect(row?.sections).toEqual(["notes", "kpis", "top_mentions"]);
    expect(row?.title).toBe("Alpha · Прошлая неделя");
    expect(row?.language).toBe("ru");
  });
});

describe("roles and scope", () => {
  it("hides a report of a foreign project, its PDF and CSV included; viewers cannot create, analysts cannot delete", async () => {
    const report = await alphaReport();
    const { context: stranger } = await signedInContext({ roles: ["manager"], projectIds: [other] });
    for (const loader of [reportLoader, pdfLoader, csvLoader] as Array<(a: Args) => Promise<unknown>>) {
      expect(statusOf(await settle(loader(args(stranger, report.id))))).toBe(404);
    }
    const list = (await listLoader(args(stranger, "", new Request(`${ORIGIN}/reports`)) as never)) as {
      rows: unknown[];
    };
    expect(list.rows).toEqual([]);

    const { context: viewer } = await signedInContext({ roles: ["viewer"], projectIds: [alpha] });
    expect(statusOf(await settle(createAction(args(viewer, "", formPost("/reports/new", { projectId: alpha })))))).toBe(
      403,
    );
    const { context: analyst } = await signedInContext({ roles: ["analyst"], projectIds: [alpha] });
    expect(
      statusOf(
        await settle(reportAction(args(analyst, report.id, formPost(`/reports/${report.id}`, { intent: "delete" })))),
      ),
    ).toBe(403);
    const { context: manager } = await signedInContext({ roles: ["manager"], projectIds: [alpha] });
    const deleted = (await reportAction(
      args(manager, report.id, formPost(`/reports/${report.id}`, { intent: "delete" })),
    )) as Response;
    expect(deleted.headers.get("Location")).toBe("/reports");
    expect(statusOf(await settle(reportLoader(args(manager, report.id))))).toBe(404);
  });

  it("lists the reports of the reader's projects, searched by title and filtered by project", async () => {
    await alphaReport("en", { title: "Quarterly pulse" });
    const { context } = await signedInContext({ roles: ["viewer"], projectIds: [alpha] });
    const list = (await listLoader(
      args(context, "", new Request(`${ORIGIN}/reports?q=pulse&project=${alpha}`)) as never,
    )) as { rows: Array<{ title: string; projectName: string }> };
    expect(list.rows.map((r) => [r.title, r.projectName])).toEqual([["Quarterly pulse", "Alpha"]]);
  });
});

describe("files", () => {
  beforeAll(() => {
    ensureDebianPackage(CHROMIUM, "chromium", "PDF reports");
    ensureDebianPackage(PDFTOTEXT, "poppler-utils", "Reading PDF reports back");
  });

  /** The text of a PDF, as pdftotext reads it. */
  async function pdfText(response: Response) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "report-")), "report.pdf");
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    return execFileSync(PDFTOTEXT, ["-layout", file, "-"], { encoding: "utf8" });
  }

  for (const [language, expected] of [
    ["en", ["Mentions", "Top mentions", "Alpha opens a branch in Samarkand", "Жители Самарканда"]],
    ["ru", ["Упоминания", "Главные упоминания", "Ключевые показатели", "Жители Самарканда"]],
    ["uz-Cyrl", ["Тилга олинишлар", "Асосий кўрсаткичлар", "Қамров", "Ўзбекистон: навбатлар узун"]],
  ] as const) {
    it(`prints a PDF whose text has the title, the figures and the top mentions (${language})`, async () => {
      const report = await alphaReport(language, { title: `Brief ${language}` });
      const { context } = await signedInContext({ roles: ["viewer"], projectIds: [alpha] });
      const response = (await pdfLoader(args(context, report.id) as never)) as Response;
      expect(response.headers.get("Content-Type")).toBe("application/pdf");
      expect(response.headers.get("Content-Disposition")).toContain(`Brief-${language}-2026-03-02-2026-03-08.pdf`);
      const text = await pdfText(response);
      for (const words of [`Brief ${language}`, ...expected]) expect(text).toContain(words);
      // The key figures: mentions 4 and reach 1,450 (in the report language's digits grouping).
      expect(text).toMatch(/1[\s,. ]?450/);
      expect(text).toMatch(/1 \/ \d/);
    });
  }

  it("exports the report's tables as CSV", async () => {
    const report = await alphaReport();
    const { context } = await signedInContext({ roles: ["viewer"], projectIds: [alpha] });
    const response = (await csvLoader(args(context, report.id) as never)) as Response;
    const bytes = Buffer.from(await response.arrayBuffer());
    // A BOM first, so spreadsheets read UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain("section,item,value,previous,reach");
    expect(text).toContain("kpis,mentions,4,2,");
    expect(text).toContain("top_sources,Daily News,3,,1410");
  });
});

describe("schedules", () => {
  it("come due on Monday and the 1st at 06:00 in the report's zone, for the period just ended", () => {
    // 01:00 UTC on Monday 9 March is 06:00 in Tashkent but still 17:00 on Sunday in Los Angeles.
    const at = new Date("2026-03-09T01:00:00Z");
    expect(lastOccurrence("weekly", TASHKENT, at)).toEqual({
      dueAt: at,
      days: { from: "2026-03-02", to: "2026-03-08" },
    });
    expect(lastOccurrence("weekly", TASHKENT, new Date(at.getTime() - 1)).days).toEqual({
      from: "2026-02-23",
      to: "2026-03-01",
    });
    expect(lastOccurrence("weekly", "America/Los_Angeles", at).days).toEqual({ from: "2026-02-23", to: "2026-03-01" });
    // 1 April 06:00 in Tashkent is 31 March 01:00 UTC.
    expect(lastOccurrence("monthly", TASHKENT, new Date("2026-04-01T01:00:00Z")).days).toEqual({
      from: "2026-03-01",
      to: "2026-03-31",
    });
    expect(lastOccurrence("monthly", TASHKENT, new Date("2026-04-01T00:59:00Z")).days).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(reportDays("last_30_days", TASHKENT, at)).toEqual({ from: "2026-02-07", to: "2026-03-08" });
  });

  it("make one report per period however often the loop looks, generated by the queue and mailed with its PDF", async () => {
    const smtp = await startSmtpServer();
    setEnv(parseEnv({ ...process.env, SMTP_URL: smtp.url, MAIL_FROM: "reports@kuzatuv.test" }));
    const queue = await startTestJobQueue(handle);
    try {
      const parent = await alphaReport("ru", { title: "Еженедельно" });
      const { context, user } = await signedInContext({ roles: ["manager"], projectIds: [alpha] });
      const saved = (await reportAction(
        args(
          context,
          parent.id,
          formPost(`/reports/${parent.id}`, { intent: "schedule", schedule: "weekly", subscriberIds: user.id }),
        ),
      )) as Response;
      expect(saved.status).toBe(302);
      // The auth service is not running here, so the members list is empty: subscribe the manager directly.
      await handle.db
        .update(reports)
        .set({ subscribers: [{ id: user.id, email: user.email }], createdAt: new Date("2026-03-01T00:00:00Z") })
        .where(eq(reports.id, parent.id));
      const monday = new Date("2026-03-09T01:00:00Z");
      await Promise.all([queueDueReports(monday), queueDueReports(monday)]);
      await queueDueReports(new Date("2026-03-09T05:00:00Z"));
      await jobsSettled(handle, 60_000);
      const made = await handle.db.select().from(reports).where(eq(reports.scheduledFrom, parent.id));
      expect(made.map((r) => [r.periodStart, r.periodEnd, r.status])).toEqual([["2026-03-02", "2026-03-08", "ready"]]);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual([user.email]);
      expect(smtp.received[0]?.subject).toContain("Еженедельно");
      expect(smtp.received[0]?.raw).toMatch(/Content-Type: application\/pdf/i);
      const parts = smtp.received[0]?.raw.split(/\r?\n--[^\r\n]+\r?\n/) ?? [];
      const plain = parts.find((part) => /content-type: text\/plain/i.test(part)) ?? "";
      expect(bodyText(plain)).toContain("Еженедельно");
    } finally {
      await queue.stop(5_000);
      await smtp.close();
      setEnv(parseEnv());
    }
  });
});
