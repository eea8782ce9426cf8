// /analytics as a reader uses it: every chart is there before any JavaScript, a filter changes the URL and
// the charts, the tooltip shows a part's values, CSV downloads, links into the feed, and axe in both themes.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_STATE } from "../../playwright.config";
import { text, waitForInteractive } from "./support";

const CHARTS = [
  "volume",
  "sentiment",
  "reach",
  "net",
  "voice",
  "voiceTime",
  "sources",
  "authors",
  "topics",
  "types",
  "languages",
  "heatmap",
] as const;
const card = (page: Page, chart: (typeof CHARTS)[number]) =>
  page.getByRole("region", { name: text("en", `dashboard:analytics.charts.${chart}`), exact: true });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every chart is drawn, with its table and its CSV link", async ({ page }) => {
    await page.goto("/analytics");
    for (const chart of CHARTS) {
      const region = card(page, chart);
      await expect(region, chart).toBeVisible();
      await expect(region.locator("svg").first(), chart).toBeVisible();
      await expect(region.locator("table"), chart).toHaveCount(1);
      await expect(region.getByRole("link", { name: /CSV/ }), chart).toHaveAttribute("href", /^\/analytics\/export\?/);
    }
    // 30 days by default: one row per day in the volume chart's table.
    await expect(card(page, "volume").locator("tbody tr")).toHaveCount(30);
  });

  test("a filter applied with the form's button changes the URL and the charts", async ({ page }) => {
    await page.goto("/analytics");
    await page.locator("summary", { hasText: text("en", "dashboard:analytics.period.30") }).click();
    await page.getByRole("radio", { name: text("en", "dashboard:analytics.period.7") }).check();
    await page
      .getByRole("button", { name: text("en", "tables:apply") })
      .first()
      .click();
    await expect(page).toHaveURL(/period=7/);
    await expect(card(page, "volume").locator("tbody tr")).toHaveCount(7);
  });

  test("a topic's link opens the feed with the very number the topic shows", async ({ page }) => {
    await page.goto("/analytics");
    const topic = card(page, "topics").locator("tbody tr").first();
    const count = (await topic.locator("td").first().textContent()) as string;
    expect(count).toMatch(/\d/);
    const link = topic.locator("th a");
    expect(await link.getAttribute("href")).toMatch(/^\/messages\?.*q=/);
    await link.click();
    await expect(page).toHaveURL(/\/messages\?.*q=/);
    await expect(page.getByText(text("en", "messages:total.exact").replace("{{value}}", count))).toBeVisible();
  });

  test("a top author's link opens the feed filtered on that author, with the number the row shows", async ({
    page,
  }) => {
    await page.goto("/analytics");
    const row = card(page, "authors").locator("tbody tr").first();
    const count = (await row.locator("td").first().textContent()) as string;
    const name = (await row.locator("th a").textContent()) as string;
    await row.locator("th a").click();
    await expect(page).toHaveURL(/\/messages\?.*author=/);
    await expect(page.getByText(text("en", "messages:total.exact").replace("{{value}}", count))).toBeVisible();
    await expect(page.getByRole("search").getByLabel(text("en", "messages:filter.author"))).toHaveValue(name);
  });

  test("an impossible custom period says why and shows the last 30 days", async ({ page }) => {
    await page.goto("/analytics?period=custom&from=2026-05-10&to=2026-05-01");
    await expect(page.getByRole("alert")).toContainText(text("en", "dashboard:analytics.periodError.order"));
    await expect(card(page, "volume").locator("tbody tr")).toHaveCount(30);
  });
});

test("with JavaScript, ticking a sentiment updates the URL and the numbers at once", async ({ page }) => {
  await page.goto("/analytics");
  await waitForInteractive(page);
  const mentions = page
    .getByRole("region", { name: text("en", "dashboard:analytics.kpis") })
    .locator("p.text-2xl")
    .first();
  const before = await mentions.textContent();
  await page.locator("summary", { hasText: text("en", "dashboard:analytics.filters.sentiment") }).click();
  await page.getByRole("checkbox", { name: text("en", "messages:sentiment.negative") }).check();
  await expect(page).toHaveURL(/sentiment=negative/);
  await expect(mentions).not.toHaveText(before as string);
  // Only negative mentions are left in the split.
  await expect(card(page, "sentiment").locator("tbody tr").first().locator("td").first()).toHaveText(/^0 /);
});

test("a chart shows the values under the pointer, and a top source opens the feed filtered on it", async ({ page }) => {
  await page.goto("/analytics?period=7");
  await waitForInteractive(page);
  const reach = card(page, "reach");
  const plot = reach.getByRole("img");
  await plot.scrollIntoViewIfNeeded();
  const box = await plot.boundingBox();
  if (!box) throw new Error("the plot has no box");
  await page.mouse.move(box.x + box.width - 3, box.y + box.height / 2);
  const lastDay = (await reach.locator("tbody th").allTextContents()).at(-1) as string;
  await expect(reach.locator("[aria-live=polite]")).toContainText(lastDay);

  const source = card(page, "sources").locator("tbody th a").first();
  const href = await source.getAttribute("href");
  expect(href).toMatch(/^\/messages\?.*source=[0-9a-f-]{36}/);
  expect(href).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await source.click();
  await expect(page).toHaveURL(/\/messages\?/);
});

test("a chart's CSV has the numbers of its table", async ({ page }) => {
  await page.goto("/analytics?period=7");
  const response = await page.request.get(
    (await card(page, "volume").getByRole("link", { name: /CSV/ }).getAttribute("href")) as string,
  );
  expect(response.headers()["content-type"]).toContain("text/csv");
  const lines = (await response.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\n");
  expect(lines[0]).toBe("day,positive,neutral,negative,total");
  expect(lines).toHaveLength(8);
  const totals = await card(page, "volume").locator("tbody tr td:last-child").allTextContents();
  expect(lines.slice(1).map((l) => Number(l.split(",").at(-1)))).toEqual(
    totals.map((t) => Number(t.replace(/\D/g, ""))),
  );
});

for (const scheme of ["light", "dark"] as const) {
  test(`/analytics has no detectable accessibility violations (${scheme})`, async ({ browser }) => {
    // A long page of charts and tables: axe needs more than the default time on a busy machine.
    test.setTimeout(120_000);
    const context = await browser.newContext({ colorScheme: scheme, storageState: DEMO_STATE });
    const page = await context.newPage();
    await page.goto("/analytics");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
    await context.close();
  });
}
