import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Reader } from "~/core/reader";
import type { DatabaseHandle } from "~/db/client.server";
import { CHARTS, feedHref } from "~/features/analytics/filters";
import { analyticsPage, chartTable, parseAnalyticsFilters, toCsv } from "~/features/analytics/page.server";
import { projectActivity } from "~/features/mentions/mentions.server";
import { overview } from "~/features/overview/overview.server";
import { listProjects } from "~/features/projects/projects.server";
import { loader as exportLoader } from "~/routes/analytics.export";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { testServices } from "../support/services";
import { signedInContext } from "../support/session";

let handle: DatabaseHandle;
let mine: string;
let rival: string;
let hidden: string;
const now = new Date("2026-03-10T12:00:00Z");
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  handle = await openTestDatabase();
  rival = (await aProject(handle, { name: "Rival", keywords: ["rival"] })).id;
  hidden = (await aProject(handle, { name: "Hidden rival", keywords: ["hidden"] })).id;
  mine = (await aProject(handle, { name: "Mine", keywords: ["mine"], competitorIds: [rival, hidden] })).id;
  const source = await aSource(handle, { type: "telegram", name: "Channel", url: "channel" });
  await mentions(handle, {
    source,
    projectIds: [mine],
    items: [
      { at: at("2026-03-09T08:00:00Z"), sentiment: "positive", reach: 10, author: "Ann", text: "Fast delivery today" },
      { at: at("2026-03-10T08:00:00Z"), sentiment: "negative", reach: 20, author: "Bob", text: "Slow delivery again" },
      { at: at("2026-02-20T08:00:00Z"), sentiment: "neutral", reach: 5, author: "Ann", text: "An older one" },
    ],
  });
  await mentions(handle, { source, projectIds: [rival], items: [{ at: at("2026-03-09T09:00:00Z") }] });
  await mentions(handle, { source, projectIds: [hidden], items: [{ at: at("2026-03-09T10:00:00Z") }] });
});
afterAll(() => handle.close());

const readerOf = async (roles: Array<"admin" | "analyst">, projectIds: string[] = []): Promise<Reader> => ({
  ...(await signedInContext({ roles, projectIds })).user,
  activeProjectId: null,
  timeZone: "Asia/Tashkent",
  language: "en",
});

/** The page as the reader sees it, with the projects the switcher offers them. */
const pageOf = async (reader: Reader, params: URLSearchParams) =>
  analyticsPage(testServices(), reader, await listProjects(testServices(), reader), params, now);
const tableOf = (chart: (typeof CHARTS)[number], reader: Reader, params: URLSearchParams) =>
  chartTable(testServices(), reader, chart, params, now);

describe("the analytics page", () => {
  it("shows the chosen projects only if the user may see them, and names hidden competitors 'other'", async () => {
    const reader = await readerOf(["analyst"], [mine, rival]);
    const page = await pageOf(reader, new URLSearchParams(`project=${mine}&project=${hidden}&period=7`));
    expect(page.scope).toEqual([mine]);
    expect(page.kpis.current).toMatchObject({ mentions: 2, reach: 30, positive: 1, negative: 1, net: 0 });
    expect(page.voice.entries.map((e) => [e.name, e.count])).toEqual([
      ["Mine", 2],
      ["Rival", 1],
      [null, 1],
    ]);
    expect(page.projects.map((p) => p.name).sort()).toEqual(["Mine", "Rival"]);
  });

  it("defaults to the switcher's project", async () => {
    const reader = { ...(await readerOf(["admin"])), activeProjectId: rival };
    expect((await pageOf(reader, new URLSearchParams())).scope).toEqual([rival]);
  });

  it("downloads exactly each chart's numbers as CSV", async () => {
    const reader = await readerOf(["admin"]);
    const params = new URLSearchParams(`project=${mine}&period=7`);
    const page = await pageOf(reader, params);
    const csvOf = async (chart: (typeof CHARTS)[number]) =>
      parse(toCsv(await tableOf(chart, reader, params)).replace(/^\uFEFF/, ""), { columns: true }) as Array<
        Record<string, string>
      >;
    // The page's items as CSV rows: each column names the field it holds, "column=field" where they differ.
    const shown = (items: object[], columns: string) =>
      items.map((item) =>
        Object.fromEntries(
          columns.split(" ").map((column) => {
            const [name, field = name] = column.split("=") as [string, string?];
            return [name, String((item as Record<string, unknown>)[field])];
          }),
        ),
      );
    expect(await csvOf("volume")).toEqual(shown(page.volume, "day=key positive neutral negative total"));
    expect((await csvOf("volume")).map((r) => r.total).join("")).toBe("0000011");
    expect(await csvOf("authors")).toEqual(
      shown(page.authors, "author mentions=count previous reach positive neutral negative"),
    );
    expect((await csvOf("voice")).map((r) => [r.project, r.mentions])).toEqual(
      page.voice.entries.map((e) => [e.name, String(e.count)]),
    );
    expect((await csvOf("net")).map((r) => r.net_sentiment)).toEqual(
      page.volume.map((p) => (p.net === null ? "" : String(p.net))),
    );
    expect(await csvOf("heatmap")).toHaveLength(168);
    for (const chart of CHARTS) expect((await tableOf(chart, reader, params)).columns.length).toBeGreaterThan(1);
  });

  it("answers an unknown chart with 404, and a CSV with its file", async () => {
    const { context } = await signedInContext({ roles: ["admin"] });
    const call = (query: string) => {
      const url = new URL(`http://localhost/analytics/export?${query}`);
      return exportLoader({ context, url, request: new Request(url), params: {}, pattern: "" } as never).catch(
        (thrown: unknown) => thrown,
      );
    };
    expect(((await call("chart=nope")) as { init: { status: number } }).init.status).toBe(404);
    const response = (await call(`chart=sources&project=${mine}&from=2026-03-01&to=2026-03-10`)) as Response;
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(await response.text()).toContain("Channel");
  });

  it("links each number to the feed with the same filters", () => {
    const { filters } = parseAnalyticsFilters(new URLSearchParams("sentiment=negative&type=rss&language=ru"));
    const href = feedHref(filters, { projects: [mine], from: "2026-03-04", to: "2026-03-10" }, { language: "en" });
    const params = new URL(href, "http://localhost").searchParams;
    expect(params.getAll("project")).toEqual([mine]);
    expect([params.get("from"), params.get("to")]).toEqual(["2026-03-04", "2026-03-10"]);
    expect(params.getAll("sentiment")).toEqual(["negative"]);
    expect(params.getAll("type")).toEqual(["rss"]);
    expect(params.getAll("language")).toEqual(["en"]);
  });
});

describe("the same numbers on every screen", () => {
  it("analytics, its CSV, the overview and the project page agree day by day for a reader in UTC+14", async () => {
    const zone = "Pacific/Kiritimati";
    const when = new Date("2026-03-10T12:00:00Z"); // the 11th in Kiritimati
    const near = (await aProject(handle, { name: "Near" })).id;
    const far = (await aProject(handle, { name: "Far" })).id;
    const source = await aSource(handle);
    await mentions(handle, {
      source,
      projectIds: [near, far],
      // The first and the last minute of Kiritimati's 10th (UTC 9 March 10:00 – 10 March 10:00), in both projects.
      items: [{ at: at("2026-03-09T10:00:30Z") }, { at: at("2026-03-10T09:59:30Z"), sentiment: "negative" }],
    });
    await mentions(handle, {
      source,
      projectIds: [near],
      items: [{ at: at("2026-03-10T10:30:00Z"), isArchived: true }],
    });
    const { user } = await signedInContext({ roles: ["analyst"], projectIds: [near, far] });
    const reader = { ...user, timeZone: zone, language: "en", activeProjectId: null };
    const params = new URLSearchParams(`project=${near}&project=${far}&period=7`);
    const page = await analyticsPage(testServices(), reader, await listProjects(testServices(), reader), params, when);
    const csv = parse(toCsv(await chartTable(testServices(), reader, "volume", params, when)).replace(/^\uFEFF/, ""), {
      columns: true,
    }) as Array<{ day: string; total: string }>;
    const days = page.volume.map((p) => [p.key, p.total]);
    expect(days.filter(([, total]) => total)).toEqual([["2026-03-10", 2]]);
    expect(csv.map((r) => [r.day, Number(r.total)])).toEqual(days);
    expect(page.kpis.current.mentions).toBe(2);
    const home = await overview(testServices(), reader, await listProjects(testServices(), reader), "7", when);
    expect(home.current.mentions).toBe(2);
    expect(home.volume.map((d) => [d.day, d.positive + d.neutral + d.negative])).toEqual(days);
    const project = await projectActivity(testServices(), reader, near, when);
    expect(project?.volume.find((d) => d.day === "2026-03-10")).toMatchObject({ neutral: 1, negative: 1 });
  });
});

describe("a chart's CSV", () => {
  it("neutralises names a spreadsheet would run as a formula, and leaves numbers as they are", () => {
    const csv = toCsv({
      columns: ["author", "mentions", "change"],
      rows: [
        ["=1+2", 3, -5],
        ["+cmd", 0, null],
      ],
    });
    expect(parse(csv.replace(/^\uFEFF/, ""), { columns: true })).toEqual([
      { author: "'=1+2", mentions: "3", change: "-5" },
      { author: "'+cmd", mentions: "0", change: "" },
    ]);
  });
});
