// Every ranked list links to exactly what it counted (issue 36, item 2): on /analytics (top sources, top
// authors, source types, languages), in a report (top sources, top authors) and in the assistant (its top
// sources and authors), each row's number is the feed's total for the row's own link, for readers in UTC+14,
// UTC−10 and UTC+5, for one project and for all. The links are read from what the user clicks: the rendered
// lists (the analytics page's, the report page's) and the assistant's answer blocks. Authors write about each
// other (a search for a name finds more than the author's own mentions), one name is also written in
// Cyrillic (the search reads both scripts alike, the author rollups do not), mentions sit in the first and
// last hour of every day of each zone, some match two projects, some none, some are archived. Topics have
// their own test (analytics-topics).
import { createInstance } from "i18next";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { requireReader } from "~/core/context.server";
import type { AssistantBlock } from "~/db/assistant-blocks";
import type { DatabaseHandle } from "~/db/client.server";
import { AnalyticsLists } from "~/features/analytics/analytics-view";
import { callTool } from "~/features/assistant/registry.server";
import { NAMESPACES } from "~/i18n/config";
import { resources } from "~/i18n/i18n.server";
import { loader as analyticsLoader } from "~/routes/_app.analytics";
import { loader as feedLoader } from "~/routes/_app.messages";
import ReportPage, { loader as reportLoader } from "~/routes/_app.reports.$reportId";
import { action as createReport } from "~/routes/_app.reports.new";
import { aProject, aSource, type MentionSpec, mentions, openTestDatabase } from "../support/builders";
import { ORIGIN } from "../support/route";
import { testServices } from "../support/services";
import { adminIn, argsIn, type SignedInContext } from "../support/session";

const HOUR = 3_600_000;
const DAY_MS = 86_400_000;
/** Tuesday 31 March 2026, 12:00 UTC: already 1 April in Kiritimati, still 31 March in Honolulu and Tashkent. */
const NOW = new Date("2026-03-31T12:00:00Z");
const OFFSETS = { "Pacific/Kiritimati": 14, "Pacific/Honolulu": -10, "Asia/Tashkent": 5 } as const;
type Zone = keyof typeof OFFSETS;
const ZONES = Object.keys(OFFSETS) as Zone[];
const AUTHORS = ["Tahririyat", "Bekzod Aliyev", "Nodira Yusupova", "Нодира Юсупова", null];

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const midnight = (day: string, zone: Zone) => dayMs(day) - OFFSETS[zone] * HOUR;

let handle: DatabaseHandle;
let nurbank: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  handle = await openTestDatabase();
  nurbank = (await aProject(handle, { name: "Nurbank" })).id;
  const orzu = (await aProject(handle, { name: "Orzu" })).id;
  const kapital = (await aProject(handle, { name: "Kapital" })).id;
  const sources = [
    await aSource(handle, { type: "rss", name: "Wire" }),
    await aSource(handle, { type: "telegram", name: "Channel", url: "channel" }),
    await aSource(handle, { type: "website", name: "Site", url: "https://site.example/" }),
  ];
  const sets = [[nurbank], [nurbank, orzu], [orzu], [nurbank], [], [kapital], [nurbank]];
  const languages = ["en", "ru", "uz", "uz-Cyrl", "de", undefined];
  const sentiments = ["positive", "neutral", "negative"] as const;
  const groups = new Map<string, { source: { id: string }; projectIds: string[]; items: MentionSpec[] }>();
  let c = 0;
  for (const zone of ZONES) {
    for (let d = 0; d < 45; d++) {
      const day = new Date(dayMs("2026-02-17") + d * DAY_MS).toISOString().slice(0, 10);
      for (const edge of [0, 1]) {
        for (let j = 0; j < 1 + ((d + edge) % 3); j++, c++) {
          const minute = edge === 0 ? 5 + j * 7 : 24 * 60 - 6 - j * 7;
          const author = AUTHORS[c % AUTHORS.length] ?? undefined;
          const named = AUTHORS[(c + 1) % AUTHORS.length] ?? "the bank";
          const source = sources[Math.floor(c / 2) % sources.length] as { id: string };
          const projectIds = sets[c % sets.length] as string[];
          const key = `${source.id}|${projectIds.join()}`;
          const group = groups.get(key) ?? { source, projectIds, items: [] };
          groups.set(key, group);
          group.items.push({
            at: new Date(midnight(day, zone) + minute * 60_000),
            author,
            text: `${named} spoke about the rate`,
            sentiment: sentiments[c % 3],
            language: languages[c % languages.length],
            reach: (c * 37) % 1000,
            isArchived: c % 11 === 3,
          });
        }
      }
    }
  }
  for (const group of groups.values()) await mentions(handle, group);
}, 120_000);
afterAll(async () => {
  vi.useRealTimers();
  await handle.close();
});

/** A ranked row as the user sees it: its name, the link on it, and the number shown next to it. */
interface Row {
  name: string;
  href: string;
  count: number;
}

const decode = (html: string) =>
  html
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

/** The rows of each rendered bar list (charts kit), by its caption. */
function barLists(html: string): Record<string, Row[]> {
  const lists: Record<string, Row[]> = {};
  for (const [table] of html.matchAll(/<table[\s\S]*?<\/table>/g)) {
    const caption = decode(/<caption[^>]*>([^<]*)<\/caption>/.exec(table)?.[1] ?? "");
    lists[caption] = [...table.matchAll(/<tr data-tip="[^"]*"[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) => {
      const link = /<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/.exec(row as string);
      const first = /<td[^>]*>([^<]*)<\/td>/.exec(row as string);
      return {
        name: decode(link?.[2] ?? ""),
        href: decode(link?.[1] ?? ""),
        count: Number((first?.[1] ?? "").replaceAll(",", "")),
      };
    });
  }
  return lists;
}

async function render(node: () => ReactNode, path: string, loaderData: Record<string, unknown> = {}) {
  const i18n = createInstance();
  await i18n.init({ lng: "en", resources, ns: [...NAMESPACES], defaultNS: "common" });
  const Stub = createRoutesStub([{ id: "page", path: path.split("?")[0] as string, Component: node }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData }} />
    </I18nextProvider>,
  );
}

/** Each row's number against the total of the feed its link opens, for the same reader. */
async function expectFeedTotals(context: SignedInContext, where: string, rows: Row[]) {
  expect({ where, rows: rows.length > 0 }).toEqual({ where, rows: true });
  for (const row of rows) {
    expect(row.href).toMatch(/^\/messages\?/);
    const feed = (await feedLoader(argsIn(context, row.href))) as unknown as { total: { count: number } };
    const label = { where, name: row.name, href: row.href };
    expect({ ...label, count: feed.total }).toEqual({ ...label, count: { count: row.count, estimated: false } });
  }
}

const en = resources.en as Record<string, unknown>;
const charts = (en.dashboard as { analytics: { charts: Record<string, string> } }).analytics.charts;
const sections = (en.reports as { sections: Record<string, string> }).sections;

describe.each(ZONES)("a reader in %s", (zone) => {
  describe.each(["one project", "all projects"])("%s", (which) => {
    const one = which === "one project";
    let context: SignedInContext;
    beforeAll(async () => {
      context = await adminIn(zone, one ? nurbank : null);
    });

    it("analytics: top sources, top authors, source types and languages", async () => {
      for (const query of [
        "period=30",
        "from=2026-02-26&to=2026-03-03",
        "period=30&sentiment=negative&type=telegram",
      ]) {
        const data = (await analyticsLoader(argsIn(context, `/analytics?${query}`))) as never;
        const lists = barLists(await render(() => <AnalyticsLists data={data} />, `/analytics?${query}`));
        for (const chart of ["sources", "authors", "types", "languages"]) {
          await expectFeedTotals(context, `${query} ${chart}`, lists[charts[chart] as string] ?? []);
        }
        const authors = (lists[charts.authors as string] ?? []).map((r) => r.name);
        expect(authors).toEqual(expect.arrayContaining(["Nodira Yusupova", "Нодира Юсупова"]));
      }
    });

    if (one)
      it("a report: top sources and top authors", async () => {
        const form = new URLSearchParams({ projectId: nurbank, period: "last_30_days", language: "en" });
        form.set("topMentionsCount", "5");
        for (const section of ["top_sources", "top_authors"]) form.append("sections", section);
        const created = (await createReport(
          argsIn(
            context,
            "",
            {},
            new Request(`${ORIGIN}/reports/new`, { method: "POST", body: form, headers: { Origin: ORIGIN } }),
          ),
        )) as Response;
        const reportId = created.headers.get("Location")?.split("/").at(-1) as string;
        const report = await reportLoader(argsIn(context, `/reports/${reportId}`, { reportId }));
        const html = await render(ReportPage as never, `/reports/${reportId}`, { page: report });
        const lists = barLists(html);
        await expectFeedTotals(context, "report sources", lists[sections.top_sources as string] ?? []);
        await expectFeedTotals(context, "report authors", lists[sections.top_authors as string] ?? []);
      });

    it("the assistant: its top sources and authors", async () => {
      // The assistant counts without the switcher; its links must not depend on it either.
      for (const asker of one ? [context] : [context, await adminIn(zone, nurbank)]) {
        await assistantLists(asker, one);
      }
    });
  });
});

async function assistantLists(context: SignedInContext, one: boolean) {
  const reader = requireReader(context);
  const where = `assistant, switcher on ${reader.activeProjectId ? "Nurbank" : "all"}`;
  for (const kind of ["sources", "authors"]) {
    for (const facets of [{}, { sentiment: "negative" }]) {
      const call = await callTool(testServices(), reader, "top_list", {
        kind,
        period: "last 30 days",
        limit: 10,
        ...facets,
        ...(one ? { projects: [nurbank] } : {}),
      });
      const bars = call.blocks.find((b): b is Extract<AssistantBlock, { kind: "bars" }> => b.kind === "bars");
      const rows = (bars?.rows ?? []).map((r) => ({
        name: "text" in r.name ? r.name.text : "",
        href: "feed" in r.name && r.name.feed ? `/messages?${r.name.feed}` : "",
        count: "n" in (r.cells[0] ?? {}) ? (r.cells[0] as { n: number }).n : Number.NaN,
      }));
      await expectFeedTotals(context, `${where}: ${kind} ${JSON.stringify(facets)}`, rows);
    }
  }
  // Its count, against its "Open in messages".
  const counted = await callTool(testServices(), reader, "count_mentions", {
    period: "last 30 days",
    ...(one ? { projects: [nurbank] } : {}),
  });
  const open = counted.blocks.find((b): b is Extract<AssistantBlock, { kind: "feed" }> => b.kind === "feed");
  const mentions = (counted.result as { mentions: number }).mentions;
  await expectFeedTotals(context, `${where}: count`, [
    { name: "count", href: `/messages?${open?.query}`, count: mentions },
  ]);
}
