// Nothing typed is lost (issue 29): on a slow network and CPU a person types into a page before its scripts
// have taken over. What they typed stays when the page hydrates, and the search or question then goes out.
import { expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { adminContext, text, waitForInteractive } from "./support";

// Every page loads on a throttled network and CPU; the assistant then answers.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** The budget's slow4g (docs/architecture.md, Budgets): 150 ms, 1.6 Mbit/s, a CPU four times slower. */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: 1.6e6 / 8,
    uploadThroughput: 750e3 / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

/**
 * Opens the page on a slow network and CPU and types at the end of the box at first paint. The page's
 * scripts wait until the typing is done, so it always happens before hydration, however fast this machine
 * is; then they load. `before` runs ahead of the typing (e.g. to unfold a form), `after` once it is done.
 */
async function typeAtFirstPaint(
  page: Page,
  path: string,
  box: Locator,
  words: string,
  { before, after }: { before?: () => Promise<void>; after?: () => Promise<void> } = {},
) {
  await throttle(page);
  let release = () => {};
  const typed = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "commit" });
  await before?.();
  await box.press("Control+End");
  await box.pressSequentially(words);
  // React Router's inline module sets this once the route modules have loaded.
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window), "typed before the scripts ran").toBe(false);
  await after?.();
  release();
  await page.unrouteAll({ behavior: "wait" });
}

// `found`: what the first row then shows. The feed's search reads across scripts: "bank" also finds "банке".
const SEARCHES = [
  { path: "/messages", words: "bank", rows: "[data-feed-item]", found: /bank|банк/i },
  { path: "/tasks", words: "complaints", rows: "tbody th[scope=row]", found: /complaints/i },
  { path: "/sources", words: "Fintech", rows: "tbody th[scope=row]", found: /fintech/i },
] as const;

for (const { lng, locale, viewport } of [
  { lng: "ru", locale: "ru-RU", viewport: { width: 1280, height: 800 } },
  { lng: "uz-Cyrl", locale: "uz-Cyrl-UZ", viewport: { width: 390, height: 844 } },
] as const) {
  test.describe(`${lng} at ${viewport.width} px`, () => {
    test("a search typed before hydration stays in its box and runs once the page is ready", async ({ browser }) => {
      const context = await adminContext(browser, { locale, viewport });
      const page = await context.newPage();
      for (const { path, words, rows, found } of SEARCHES) {
        // The search form's Apply button is there only until the page hydrates.
        const apply = page.getByRole("search").getByRole("button", { name: text(lng, "tables:apply") });
        const box = page.locator("#table-search");
        await typeAtFirstPaint(page, path, box, words);
        await expect(apply, `${path} hydrates`).toBeHidden();
        await expect(box, `${path} keeps the words`).toHaveValue(words);
        await expect(page).toHaveURL(new RegExp(`[?&]q=${words}(&|$)`));
        await expect(page.locator(rows).first()).toContainText(found);
      }
      await context.close();
    });

    test("the assistant's question typed before hydration is kept and sent", async ({ browser }) => {
      const context = await adminContext(browser, { locale, viewport });
      const page = await context.newPage();
      const question = "How many mentions did Nurbank get last week?";
      // Until the page hydrates, the question form waits for the whole answer; then it streams it.
      const mode = page.locator('form:has(#question) input[name="mode"]');
      await typeAtFirstPaint(page, "/ai-assistant", page.locator("#question"), question);
      await expect(mode).toHaveValue("stream");
      await expect(page.locator("#question")).toHaveValue(question);
      await page.locator("#question").press("Enter");
      await expect(page).toHaveURL(/\/ai-assistant\/[0-9a-f-]{36}$/);
      await expect(page.locator("[data-user-content]").first()).toHaveText(question);
      await context.close();
    });
  });
}

test("a textarea with text, and a confirmation typed into an unfolded form, keep what was typed before hydration", async ({
  browser,
}) => {
  const context = await adminContext(browser, { locale: "ru-RU" });
  const page = await context.newPage();
  await page.goto("/projects");
  const project = await page.locator('tbody th a[href^="/projects/"]').first().getAttribute("href");
  const keywords = page.locator("textarea#keywords");
  // React resets a server-rendered textarea to its default while hydrating, unlike an input.
  await typeAtFirstPaint(page, `${project}/edit`, keywords, "\nipoteka");
  await waitForInteractive(page);
  await expect(keywords).toHaveValue(/\nipoteka$/);

  // A confirmation typed into the unfolded form goes on in the dialog that replaces it.
  const confirm = page.getByLabel(text("ru", "projects:delete.confirmLabel").split("{{")[0] as string);
  await typeAtFirstPaint(page, project as string, confirm, "Nurbank", {
    before: () => page.locator("summary", { hasText: text("ru", "projects:delete.start") }).click(),
  });
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog").locator('input[name="confirm"]')).toHaveValue("Nurbank");
  await context.close();
});

test("a row ticked before hydration stays ticked, and the bulk actions count it", async ({ browser }) => {
  const context = await adminContext(browser, { locale: "ru-RU" });
  const page = await context.newPage();
  const box = page.locator('tbody input[name="ids"]').first();
  await typeAtFirstPaint(page, "/tasks", box, " ");
  await expect(page.getByText(text("ru", "tables:selected").replace("{{count}}", "1"))).toBeVisible();
  await expect(box).toBeChecked();
  await context.close();
});

test("a search sent before hydration works as a plain form", async ({ browser }) => {
  const context = await adminContext(browser, { locale: "ru-RU" });
  const page = await context.newPage();
  const box = page.locator("#table-search");
  await typeAtFirstPaint(page, "/tasks", box, "complaints", {
    after: async () => {
      await box.press("Enter");
      await page.waitForURL(/[?&]q=complaints(&|$)/, { waitUntil: "commit" });
    },
  });
  await expect(page).toHaveURL(/[?&]q=complaints(&|$)/);
  await expect(page.locator("tbody th[scope=row]").first()).toContainText(/complaints/i);
  await expect(page.locator("#table-search")).toHaveValue("complaints");
  await context.close();
});
