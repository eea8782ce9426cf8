// Tables that fit (issue 29): at 1280 px every table's default columns are in sight, in long-worded languages
// too; on a phone its rows are cards, without JavaScript; a column hidden to fit comes back from the column
// menu, and then the table scrolls inside itself with its first column kept in view.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { type FixtureServer, startFixtureServer } from "../support/fixture-server";
import { adminContext, text, waitForInteractive } from "./support";

const LANGUAGES = [
  { lng: "ru", locale: "ru-RU" },
  { lng: "uz-Cyrl", locale: "uz-Cyrl-UZ" },
] as const;

let feed: FixtureServer;
/** A source of this run with a failed fetch in its history, so that table has a row and an error in it. */
let sourcePath: string;

test.beforeAll(async ({ browser }) => {
  feed = await startFixtureServer();
  feed.route("/down.xml", (_req, res) => void res.writeHead(503).end("down for maintenance"));
  const context = await adminContext(browser);
  const baseURL = test.info().project.use.baseURL as string;
  const created = await context.request.post(`${baseURL}/sources/new`, {
    headers: { Origin: baseURL },
    form: {
      type: "rss",
      name: `Fit ${Date.now().toString(36)}`,
      url: feed.url("/down.xml"),
      pollIntervalMinutes: "60",
    },
    maxRedirects: 0,
  });
  sourcePath = created.headers().location as string;
  expect(sourcePath).toMatch(/^\/sources\/[0-9a-f-]{36}$/);
  await context.request.post(`${baseURL}${sourcePath}`, {
    headers: { Origin: baseURL },
    form: { intent: "fetch" },
    maxRedirects: 0,
  });
  const page = await context.newPage();
  await expect(async () => {
    await page.goto(sourcePath);
    await expect(page.locator(".dt-box tbody tr")).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await context.close();
});
test.afterAll(() => feed.close());

const pages = () => ["/projects", "/tasks", "/users", "/reports", "/sources", sourcePath];

async function open(browser: Browser, locale: string, width: number, javaScriptEnabled = true) {
  const context = await adminContext(browser, { locale, viewport: { width, height: 800 }, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

/** Each table on the page: how wide its content is against its box, and where its last header ends. */
function measure(page: Page) {
  return page.locator(".dt-box").evaluateAll((boxes) =>
    boxes.map((box) => {
      const shown = [...box.querySelectorAll("thead th")].filter((th) => getComputedStyle(th).display !== "none");
      return {
        scrollWidth: box.scrollWidth,
        clientWidth: box.clientWidth,
        lastHeaderRight: shown.at(-1)?.getBoundingClientRect().right ?? 0,
      };
    }),
  );
}

for (const { lng, locale } of LANGUAGES) {
  test.describe(lng, () => {
    test("at 1280 px every table's default columns are in sight", async ({ browser }) => {
      const { context, page } = await open(browser, locale, 1280);
      for (const path of pages()) {
        await page.goto(path);
        const tables = await measure(page);
        expect(tables.length, `${path} has a table`).toBeGreaterThan(0);
        for (const table of tables) {
          expect(table.scrollWidth, `${path} does not scroll sideways`).toBeLessThanOrEqual(table.clientWidth);
          expect(table.lastHeaderRight, `${path}'s last column is on screen`).toBeLessThanOrEqual(1280);
        }
      }
      await context.close();
    });

    test("at 390 px rows are cards that show each row's name, without JavaScript", async ({ browser }) => {
      const { context, page } = await open(browser, locale, 390, false);
      for (const path of pages()) {
        await page.goto(path);
        const row = page.locator(".dt-box tbody tr").first();
        await expect(row, `${path}'s row is a card`).toHaveCSS("display", "flex");
        const name = row.locator("th[scope=row]");
        await expect(name).toBeVisible();
        await expect(name).not.toBeEmpty();
        const box = await name.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0), `${path}'s row name is on screen`).toBeLessThanOrEqual(390);
        for (const table of await measure(page)) {
          expect(table.scrollWidth, `${path}'s cards fit`).toBeLessThanOrEqual(table.clientWidth);
        }
        // Each other line says what it is.
        const line = row.locator("td[data-label]").first();
        expect(await line.evaluate((td) => getComputedStyle(td, "::before").content)).toBe(
          JSON.stringify(await line.getAttribute("data-label")),
        );
      }
      await context.close();
    });
  });
}

test("a column hidden to fit comes back from the column menu; the table then scrolls with its first column in view", async ({
  browser,
}) => {
  const { context, page } = await open(browser, "uz-Cyrl-UZ", 1280);
  await page.goto("/tasks");
  await waitForInteractive(page);
  const project = page.locator('thead th[data-column="project"]');
  await expect(project).toBeHidden();
  await page.locator("summary", { hasText: text("uz-Cyrl", "tables:columns") }).click();
  const menu = page.getByRole("form", { name: text("uz-Cyrl", "tables:toggleColumns") });
  const box = menu.getByRole("checkbox", { name: text("uz-Cyrl", "tasks:field.project") });
  // The menu ticks what the table shows: the project column was hidden to fit.
  await expect(box).not.toBeChecked();
  await expect(menu.getByRole("checkbox", { name: text("uz-Cyrl", "tasks:field.status") })).toBeChecked();
  await box.check();
  await expect(page).toHaveURL(/[?&]cols=project(&|$)/);
  await expect(project).toBeVisible();

  // With the linked mention as well the table is wider than its box: it scrolls inside it, not the page,
  // and its first column stays.
  const mention = page.locator('thead th[data-column="mention"]');
  await menu.getByRole("checkbox", { name: text("uz-Cyrl", "tasks:field.mention") }).check();
  await expect(page).toHaveURL(/[?&]cols=mention(&|$)/);
  await expect(mention).toBeVisible();
  const scroller = page.locator(".dt-box");
  const sizes = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  const title = page.locator("tbody th[scope=row]").first();
  const before = await title.boundingBox();
  await scroller.evaluate((el) => el.scrollBy({ left: el.scrollWidth }));
  await expect(mention).toBeInViewport();
  expect((await title.boundingBox())?.x).toBe(before?.x);

  // Back to the columns that fit.
  await menu.getByRole("link", { name: text("uz-Cyrl", "tables:defaultColumns") }).click();
  await expect(page).not.toHaveURL(/cols=/);
  await expect(project).toBeHidden();
  await context.close();
});
