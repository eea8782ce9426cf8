// Every signed-in page in every language and width, in both themes, as a new user would walk through them: no
// hydration or console error, nothing wider than the screen, and no English left in a translated page.
import fs from "node:fs";
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { DEMO, PASSWORD, uniqueEmail } from "./support";

const LANGUAGES = [
  { lng: "en", locale: "en-US" },
  { lng: "ru", locale: "ru-RU" },
  { lng: "uz", locale: "uz-UZ" },
  { lng: "uz-Cyrl", locale: "uz-Cyrl-UZ" },
] as const;
const VIEWPORTS = [
  { name: "desk", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

const NOT_FOUND = "/this-page-does-not-exist";

type Tree = { [key: string]: string | Tree };
function strings(lng: string): Map<string, string> {
  const folder = path.join(import.meta.dirname, "../../locales", lng);
  const out = new Map<string, string>();
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === "string") out.set(prefix + key, value);
      else walk(value, `${prefix}${key}.`);
    }
  };
  for (const file of fs.readdirSync(folder)) {
    walk(JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")) as Tree, `${file.replace(/\.json$/, "")}:`);
  }
  return out;
}

/** English interface strings that the language translates differently: none of these may show on its pages. */
function untranslatedEnglish(lng: string): string[] {
  if (lng === "en") return [];
  const english = strings("en");
  const translated = strings(lng);
  return [...english]
    .filter(([key, value]) => translated.get(key) !== value && !value.includes("{{"))
    .map(([, value]) => value)
    .filter((value) => /[A-Za-z]{3,}.*\s.*[A-Za-z]{3,}/.test(value));
}

/** An admin of their own for this test, with every project, so each page has something to show. */
async function adminContext(
  browser: import("@playwright/test").Browser,
  locale: string,
  colorScheme: "light" | "dark",
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const baseURL = test.info().project.use.baseURL as string;
  const auth = `${baseURL}/api/auth`;
  const api = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const login = await (await api.request.post(`${auth}/login`, { data: DEMO })).json();
  const token = login.data.token as string;
  const projectIds = login.data.user.projectIds as string[];
  const email = uniqueEmail("walk");
  const created = await api.request.post(`${auth}/users`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { email, password: PASSWORD, roles: ["admin"], projectIds },
  });
  expect(created.status(), "the auth service creates the walker").toBe(201);
  await api.close();

  const context = await browser.newContext({
    locale,
    colorScheme,
    viewport,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await page.goto("/sign-in");
  const response = await context.request.post(`${baseURL}/sign-in?index`, {
    headers: { Origin: baseURL },
    form: { email, password: PASSWORD, redirect: "/" },
    maxRedirects: 0,
  });
  expect(response.status(), "sign-in redirects").toBe(302);
  await page.close();
  return context;
}

async function signedInPages(page: Page): Promise<string[]> {
  await page.goto("/projects?view=cards");
  const href = await page.locator('a[href^="/projects/"]:not([href$="/create"])').first().getAttribute("href");
  const project = href?.match(/^\/projects\/[^/?#]+/)?.[0];
  expect(project, "a project to open").toBeTruthy();
  await page.goto("/users");
  const user = await page.locator('a[href^="/users/"]:not([href$="/new"])').first().getAttribute("href");
  expect(user, "a user to open").toBeTruthy();
  await page.goto("/messages");
  const mention = await page.locator("[data-feed-item] a[data-open]").first().getAttribute("href");
  expect(mention, "a mention to open").toBeTruthy();
  // Sorted by type backwards: a manual or webhook source (import link, endpoint) when the demo has one.
  await page.goto("/sources?sort=type&dir=desc");
  const source = await page.locator('tbody th a[href^="/sources/"]').first().getAttribute("href");
  expect(source, "a source to open").toBeTruthy();
  await page.goto("/tasks");
  const task = await page.locator('tbody th a[href^="/tasks/"]').first().getAttribute("href");
  expect(task, "a task to open").toBeTruthy();
  await page.goto("/reports");
  const report = await page.locator('tbody th a[href^="/reports/"]').first().getAttribute("href");
  expect(report, "a report to open").toBeTruthy();
  // A conversation with a chart and a table, asked as a form without JavaScript would.
  const baseURL = test.info().project.use.baseURL as string;
  const asked = await page.request.post(`${baseURL}/ai-assistant?index`, {
    headers: { Origin: baseURL },
    form: { question: "Compare Nurbank and Orzu Bank over the last 30 days", mode: "wait" },
    maxRedirects: 0,
  });
  const conversation = asked.headers().location;
  expect(conversation, "a conversation to open").toMatch(/^\/ai-assistant\//);
  return [
    "/",
    "/analytics",
    "/projects",
    "/projects?view=cards",
    "/projects/create",
    project as string,
    `${project}/edit`,
    `${project}/members`,
    "/users",
    "/users/new",
    user as string,
    "/messages",
    "/messages?q=bank&sentiment=negative",
    mention as string,
    "/sources",
    "/sources/new",
    "/sources/new?type=telegram",
    source as string,
    `${source}/edit`,
    "/tasks",
    "/tasks?view=board",
    "/tasks/new",
    task as string,
    "/tasks/import",
    "/reports",
    "/reports/new",
    report as string,
    "/settings",
    "/settings/account",
    "/settings/appearance",
    "/settings/notifications",
    "/notifications",
    "/integrations",
    "/ai-assistant",
    conversation as string,
    "/help-center",
    "/help-center?q=webhook",
    "/help-center/sources",
    NOT_FOUND,
  ];
}

// Every language at both widths (long words overflow a phone in one language and not another); the theme
// changes neither the text nor the widths, so each pair gets one theme, both themes taking turns.
for (const [l, { lng, locale }] of LANGUAGES.entries()) {
  for (const [v, viewport] of VIEWPORTS.entries()) {
    const colorScheme = (l + v) % 2 === 0 ? "light" : "dark";
    test(`walk-through: ${lng}, ${colorScheme}, ${viewport.name}`, async ({ browser }) => {
      test.setTimeout(180_000);
      const context = await adminContext(browser, locale, colorScheme, viewport);
      const page = await context.newPage();
      const problems: string[] = [];
      let current = "";
      page.on("pageerror", (error) => problems.push(`${current}: page error: ${error.message}`));
      page.on("console", (message) => {
        // The unknown URL's own 404 status is what it should answer; any other error is a defect.
        const expected = current === NOT_FOUND && message.text().includes("404");
        if (message.type() === "error" && !expected) problems.push(`${current}: console error: ${message.text()}`);
      });
      const english = untranslatedEnglish(lng);

      for (const url of await signedInPages(page)) {
        current = url;
        await page.goto(url);
        await expect(page.locator("html")).toHaveAttribute("lang", lng);
        await expect(page.locator("html")).toHaveClass(colorScheme);
        await page.waitForLoadState("networkidle");

        const wide = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          if (document.documentElement.scrollWidth <= width) return [];
          return [...document.querySelectorAll("body *")]
            .filter((element) => element.getBoundingClientRect().right > width + 1)
            .slice(0, 3)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
        });
        if (wide.length) problems.push(`${url}: wider than the ${viewport.width} px screen: ${wide.join(" | ")}`);

        if (english.length) {
          // User content (names, mentions) and anything marked as another language are not interface text.
          const interfaceText = await page.evaluate((pageLang) => {
            const skip = "[data-user-content], script, style, template";
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            const parts: string[] = [];
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const parent = node.parentElement;
              if (!parent || parent.closest(skip) || !parent.checkVisibility()) continue;
              if ((parent.closest("[lang]")?.getAttribute("lang") ?? pageLang) !== pageLang) continue;
              parts.push(node.textContent ?? "");
            }
            return parts.join(" ").replace(/\s+/g, " ");
          }, lng);
          const found = english.filter((value) => interfaceText.includes(value));
          if (found.length) problems.push(`${url}: English in a ${lng} page: ${found.slice(0, 5).join(" | ")}`);
        }
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }
}
