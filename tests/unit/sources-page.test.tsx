// A source's page as the server renders it: its fetch history and last fetch are in the reader's zone, and
// say which zone that is (issue 27: times say their zone).
import { describe, expect, it } from "vitest";
import { historyTable } from "~/features/sources/list";
import { SourcePage, type SourcePageView } from "~/features/sources/source-page";
import { parseTableState } from "~/ui/data-table/parse";
import { renderPage } from "../support/render";

const FETCHED = new Date("2026-11-20T23:30:00Z");
const ZONE = "Pacific/Kiritimati";

function page(timeZone: string): SourcePageView {
  return {
    source: {
      id: "00000000-0000-4000-8000-000000000001",
      type: "rss",
      name: "Daryo",
      storedName: "Daryo",
      url: "https://daryo.uz/feed",
      language: null,
      status: "active",
      pollIntervalMinutes: 15,
      lastFetchedAt: FETCHED,
      fetchRequestedAt: null,
      lastResult: "ok",
      lastError: null,
      failureCount: 0,
      nextFetchAt: new Date(FETCHED.getTime() + 15 * 60_000),
      createdAt: new Date("2026-11-01T08:00:00Z"),
    },
    history: [
      {
        id: "00000000-0000-4000-8000-000000000002",
        startedAt: FETCHED,
        durationMs: 1200,
        httpStatus: 200,
        result: "ok",
        newItems: 3,
        duplicateItems: 0,
        error: null,
      },
    ],
    mentions: [],
    mentionsTotal: 0,
    canManage: false,
    timeZone,
    endpoint: null,
    historyState: parseTableState(historyTable, new URLSearchParams()),
  };
}

const render = (data: SourcePageView) =>
  renderPage((view: SourcePageView) => <SourcePage data={view} actionData={undefined} />, data, data.timeZone);

describe("a source's page", () => {
  it("shows its fetch history and last fetch in the reader's zone, and names it", async () => {
    const html = await render(page(ZONE));
    // 23:30 UTC on the 20th is 13:30 on the 21st in UTC+14.
    expect(html).toContain(`Time (${ZONE})`);
    expect(html).toContain("2026-11-21 13:30");
    expect(html).not.toContain("2026-11-20 23:30");
    expect(html).toContain(`title="2026-11-21 13:30 (${ZONE})"`);

    const utc = await render(page("UTC"));
    expect(utc).toContain("Time (UTC)");
    expect(utc).toContain(`title="2026-11-20 23:30 (UTC)"`);
  });
});
