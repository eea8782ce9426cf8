import { expect, test } from "@playwright/test";
import { DEMO_STATE } from "../../playwright.config";
import { newUserContext, text, waitForInteractive } from "./support";

const LANGUAGES = [
  { lng: "en", locale: "en-US" },
  { lng: "ru", locale: "ru-RU" },
  { lng: "uz", locale: "uz-UZ" },
  { lng: "uz-Cyrl", locale: "uz-Cyrl-UZ" },
];

for (const { lng, locale } of LANGUAGES) {
  test(`renders the shell in ${lng} from the browser's language`, async ({ browser }) => {
    // A new user's language starts as the browser's.
    const { context } = await newUserContext(browser, { locale });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    const nav = page.getByRole("complementary");
    await expect(nav.getByRole("link", { name: text(lng, "navigation:analytics") })).toBeVisible();
    await expect(nav.getByRole("heading", { name: text(lng, "navigation:groups.tools") })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(lng, "dashboard:title"));
    await expect(nav.getByText(text(lng, "common:version").replace("{{version}}", "1.4.0"))).toBeVisible();
    await context.close();
  });
}

test("switches language with JavaScript off, and the choice sticks", async ({ browser }) => {
  const { context } = await newUserContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/integrations");
  await page.getByLabel(text("en", "common:language.change")).click();
  await page.getByRole("button", { name: "Русский" }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ru", "pages:integrations.title"));
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await context.close();
});

test("switches theme with JavaScript off: the server renders the class", async ({ browser }) => {
  const { context } = await newUserContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByLabel(text("en", "common:theme.change")).click();
  await page.getByRole("button", { name: text("en", "common:theme.dark") }).click();
  await expect(page.locator("html")).toHaveClass("dark");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#0b0d12");
  const html = await (await page.request.get("/")).text();
  expect(html).toMatch(/<html[^>]*class="dark"/);
  await context.close();
});

for (const scheme of ["dark", "light"] as const) {
  test(`system theme: the server renders ${scheme} from the browser's colour-scheme hint`, async ({ request }) => {
    const html = await (await request.get("/", { headers: { "Sec-CH-Prefers-Color-Scheme": scheme } })).text();
    expect(html).toMatch(new RegExp(`<html[^>]*class="${scheme}"`));
  });

  test(`system theme: a ${scheme} OS has the ${scheme} class before the first paint`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: scheme, storageState: DEMO_STATE });
    const page = await context.newPage();
    // Recorded at the first animation frame, i.e. before anything is painted.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstPaintClass: string }).firstPaintClass = document.documentElement.className;
      });
    });
    await page.goto("/");
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { firstPaintClass?: string }).firstPaintClass))
      .toBe(scheme);
    await expect(page.locator("html")).toHaveClass(scheme);
    await context.close();
  });
}

test("system theme follows the OS live", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await waitForInteractive(page);
  await expect(page.locator("html")).toHaveClass("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass("dark");
});

test("command palette: Ctrl+K opens it, it filters, navigates and switches theme", async ({ browser }) => {
  const { context } = await newUserContext(browser, { colorScheme: "light" });
  const page = await context.newPage();
  await page.goto("/");
  await waitForInteractive(page);
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog");
  const input = dialog.getByPlaceholder(text("en", "common:typeCommand"));
  await expect(input).toBeFocused();
  await expect(dialog.locator("[cmdk-list]")).toHaveCSS("height", "288px");
  // Whatever is typed can also be handed to the assistant (SPEC §1): that offer comes after the matches.
  const ask = (question: string) => text("en", "ai-assistant:palette.ask").replace("{{question}}", question);
  await input.fill("integr");
  await expect(dialog.getByRole("option")).toContainText([text("en", "navigation:integrations"), ask("integr")]);
  await input.fill("zzzz-nothing");
  await expect(dialog.getByText(text("en", "common:noResultsFound"))).toBeVisible();
  await expect(dialog.getByRole("option")).toHaveCount(1);
  await expect(dialog.getByRole("option")).toContainText([ask("zzzz-nothing")]);
  await input.fill("analytics");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/analytics$/);

  await page.goto("/integrations");
  await waitForInteractive(page);
  await page.keyboard.press("Meta+k");
  await page.getByRole("dialog").getByPlaceholder(text("en", "common:typeCommand")).fill("dark");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.locator("html")).toHaveClass("dark");
  // Stored too: a fresh load renders dark on the server.
  expect(await (await page.request.get("/")).text()).toMatch(/<html[^>]*class="dark"/);
  await context.close();
});

test("an unknown URL shows the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "errors:404.title"));
  // Signed in, the shell stays: nobody is stranded.
  await expect(
    page.getByRole("complementary").getByRole("link", { name: text("en", "navigation:analytics") }),
  ).toBeVisible();
  await page
    .getByRole("main")
    .getByRole("link", { name: text("en", "common:backToHome") })
    .click();
  await expect(page).toHaveURL(/\/$/);
});

test("signed out, an unknown URL is the minimal public 404, not a sign-in", async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "errors:404.title"));
  await expect(page.getByRole("complementary")).toHaveCount(0);
  await context.close();
});

test("the error routes answer with their own status", async ({ request }) => {
  for (const status of [401, 403, 404, 500, 503]) {
    const response = await request.get(`/${status}`);
    expect(response.status()).toBe(status);
    expect(await response.text()).toContain(text("en", `errors:${status}.title`));
  }
});

test("the sidebar collapses on desktop and is a drawer on a phone, without JavaScript", async ({ browser }) => {
  const desktop = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1280, height: 800 },
    storageState: DEMO_STATE,
  });
  const page = await desktop.newPage();
  await page.goto("/");
  const analytics = page.getByRole("link", { name: text("en", "navigation:analytics") });
  await expect(analytics).toBeVisible();
  await page.getByRole("button", { name: text("en", "common:sidebar.collapse") }).click();
  await expect(page.locator(".app-shell")).toHaveAttribute("data-collapsed", "true");
  expect((await page.locator(".sidebar").boundingBox())?.width).toBeLessThan(80);
  await desktop.close();

  const phone = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    storageState: DEMO_STATE,
  });
  const mobile = await phone.newPage();
  await mobile.goto("/");
  await expect(mobile.getByRole("link", { name: text("en", "navigation:analytics") })).not.toBeInViewport();
  await mobile.locator("label.drawer-open").click();
  await expect(mobile.getByRole("link", { name: text("en", "navigation:analytics") })).toBeInViewport();
  await phone.close();
});

test("security headers and the request id are on every page", async ({ request }) => {
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  const health = await request.get("/healthz");
  expect(await health.json()).toMatchObject({ status: "ok", version: "1.4.0" });
  const ready = await request.get("/readyz");
  const driver = process.env.DATABASE_URL ? "postgres" : "pglite";
  expect(await ready.json()).toMatchObject({ status: "ok", database: { driver, lastVersion: "1.4.0" } });
});

test("the first paint waits for the page's heading, and every heading it waits for is on the page", async ({
  page,
}) => {
  // A render-blocking expect link whose element is missing would hold the first paint to the end of the page.
  await page.goto("/messages");
  const mention = await page.locator("[data-feed-item] a[data-open]").first().getAttribute("href");
  for (const path of ["/", "/analytics", "/messages", mention as string, "/sources", "/settings/notifications"]) {
    await page.goto(path);
    const expected = await page.evaluate(() =>
      [...document.head.querySelectorAll('link[rel="expect"][blocking="render"]')].map((link) => ({
        href: link.getAttribute("href") ?? "",
        found: document.querySelectorAll(link.getAttribute("href") ?? "").length,
      })),
    );
    expect(expected.length, path).toBeGreaterThan(0);
    for (const { href, found } of expected) expect(found, `${path}: ${href}`).toBe(1);
    for (const { href } of expected) await expect(page.locator(href), `${path}: ${href}`).toBeVisible();
  }
  await expect(page.locator("main h1#page-title")).toBeVisible();
});

test.describe("the sidebar at 1280×800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("with each group expanded, every link is in sight above the footer, or the list shows it scrolls to it", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForInteractive(page);
    const nav = page.locator(".sidebar-nav");
    const footerTop = async () => (await page.locator(".sidebar-footer").boundingBox())?.y ?? 0;
    const sections = page.locator("details.nav-section");
    for (let i = 0; i < (await sections.count()); i++) {
      const section = sections.nth(i);
      if (!(await section.evaluate((d) => (d as HTMLDetailsElement).open))) await section.locator("summary").click();
      await expect(section).toHaveJSProperty("open", true);
      // Opening it shows its whole group: the last link of the group (Help center after Settings) is in sight.
      const groupLinks = section.locator("xpath=ancestor::section[1]").getByRole("link");
      const last = groupLinks.last();
      await expect
        .poll(async () => ((await last.boundingBox())?.y ?? 0) + ((await last.boundingBox())?.height ?? 0))
        .toBeLessThanOrEqual(await footerTop());
      const links = nav.getByRole("link");
      for (let j = 0; j < (await links.count()); j++) {
        const link = links.nth(j);
        await link.scrollIntoViewIfNeeded();
        const box = await link.boundingBox();
        expect(box, String(await link.textContent())).not.toBeNull();
        expect((box?.y ?? 0) + (box?.height ?? 0), `${await link.textContent()} above the footer`).toBeLessThanOrEqual(
          await footerTop(),
        );
        expect(
          await link.evaluate((el) => {
            const box = el.getBoundingClientRect();
            return el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
          }),
          `${await link.textContent()} is not covered`,
        ).toBe(true);
      }
      // A list taller than its room draws a shadow where more of it is hidden.
      const scrolls = await nav.evaluate((el) => el.scrollHeight > el.clientHeight);
      if (scrolls) await expect(nav).toHaveCSS("background-image", /linear-gradient/);
    }
  });
});
