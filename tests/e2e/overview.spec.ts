// The overview as a new user reads it: the volume chart's values on hover and focus, latest mentions that
// open the original, KPI changes said in words, the phone layout, and Ctrl+K pressed while loading.
import { expect, type Page, test } from "@playwright/test";
import { text, waitForInteractive } from "./support";

const volumeCard = (page: Page) => page.getByRole("region", { name: text("en", "dashboard:volume") });
/** The chart's days, as its table names them (full dates, oldest first). */
const days = (page: Page) => volumeCard(page).locator("tbody th").allTextContents();

test("the volume chart has axes and shows a day's values on hover and on keyboard focus", async ({ page }) => {
  await page.goto("/");
  await waitForInteractive(page);
  const chart = volumeCard(page);
  const plot = chart.getByRole("img", { name: /30/ });
  const tooltip = chart.locator("[aria-live=polite]");
  const dates = await days(page);
  expect(dates).toHaveLength(30);

  // y-axis: a zero and at least one more round tick; x-axis: the last day is labelled.
  const yLabels = await chart.locator("span.-translate-y-1\\/2").allTextContents();
  expect(yLabels[0]).toBe("0");
  expect(yLabels.length).toBeGreaterThan(1);

  const box = await plot.boundingBox();
  if (!box) throw new Error("the plot has no box");
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await expect(tooltip).toContainText(dates[29] as string);
  await expect(tooltip).toContainText(text("en", "projects:detail.total"));
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await expect(tooltip).toContainText(dates[0] as string);
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeEmpty();

  await plot.focus();
  await expect(tooltip).toContainText(dates[29] as string);
  await page.keyboard.press("ArrowLeft");
  await expect(tooltip).toContainText(dates[28] as string);
  await page.keyboard.press("Home");
  await expect(tooltip).toContainText(dates[0] as string);
  await page.keyboard.press("Escape");
  await expect(tooltip).toBeEmpty();
});

test("latest mentions open the original in a new tab and name their source type", async ({ page }) => {
  await page.goto("/");
  const latest = page.getByRole("region", { name: text("en", "projects:detail.recent") });
  const links = latest.locator("a[target=_blank]");
  await expect(links.first()).toBeVisible();
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(link).toHaveAttribute("href", /^https:\/\//);
  }
  const types = ["rss", "atom", "telegram", "website", "webhook", "manual"].map((type) =>
    text("en", `projects:sourceType.${type}`),
  );
  const named = await latest.locator(".sr-only").allTextContents();
  expect(named.some((name) => types.some((type) => name.startsWith(type)))).toBe(true);
  // Titles, texts, authors and source names are user content, not interface text.
  await expect(latest.locator("[data-user-content]").first()).toBeVisible();
});

test("KPI changes say better or worse in words, by each figure's own rule", async ({ page }) => {
  await page.goto("/");
  const kpis = page.getByRole("region", { name: text("en", "dashboard:kpis") });
  const card = (label: string) => kpis.locator("div", { has: page.getByText(label, { exact: true }) }).last();
  const better = text("en", "common:change.better");
  const worse = text("en", "common:change.worse");
  // More or fewer mentions is neither good nor bad in itself.
  await expect(card(text("en", "dashboard:kpi.mentions"))).not.toContainText(new RegExp(`${better}|${worse}`));
  // A rising net sentiment is better, a falling one worse; the arrow says which way it went.
  const net = card(text("en", "dashboard:kpi.net"));
  const change = (await net.locator("p").nth(2).textContent()) ?? "";
  if (change.startsWith("+")) expect(change).toContain(better);
  else if (/^[-−]/.test(change)) expect(change).toContain(worse);
  else expect(change).not.toMatch(new RegExp(`${better}|${worse}`));
  await expect(net.locator("p").nth(2).locator("svg")).toHaveCount(1);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("two KPI cards per row, the chart on the first screen, its dates on one line", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByRole("region", { name: text("en", "dashboard:kpis") }).locator(":scope > div");
    const [first, second, third] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    expect(first?.y).toBe(second?.y);
    expect(second?.x).toBeGreaterThan((first?.x ?? 0) + (first?.width ?? 0) - 1);
    expect(third?.y).toBeGreaterThan(first?.y ?? 0);

    const plot = volumeCard(page).getByRole("img", { name: /30/ });
    const box = await plot.boundingBox();
    expect((box?.y ?? 999) + (box?.height ?? 0)).toBeLessThanOrEqual(844);

    const labels = volumeCard(page).locator("div.h-4 > span");
    const visible = labels.filter({ visible: true });
    const tops = await visible.evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().top));
    expect(tops.length).toBeGreaterThanOrEqual(2);
    expect(new Set(tops).size).toBe(1);
    const heights = await visible.evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThan(24);
  });

  test("no text points to the sidebar, which is hidden in the drawer", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText(text("en", "dashboard:scope.changeInSidebar"))).toBeHidden();
    await expect(page.getByText(text("en", "dashboard:scope.changeInMenu"))).toBeVisible();
  });
});

test("Ctrl+K pressed while the page still loads opens the palette once it is ready", async ({ page }) => {
  let release = () => {};
  const loaded = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The page's scripts wait until the key has been pressed: it cannot be hydrated before.
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await loaded;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  release();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("combobox")).toBeFocused();
  // Once open, the shortcut is the layout's again: it closes the palette, and never reopens it by itself.
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("dialog")).toBeHidden();
});
