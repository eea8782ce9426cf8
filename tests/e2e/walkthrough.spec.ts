// Every signed-in page in every language and width, in both themes, as a new user would walk through them: no
// hydration or console error, nothing wider than the screen, and no English left in a translated page.
import fs from "node:fs";
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { foldWords } from "../../app/core/text.ts";
import { DEMO, PASSWORD, text, uniqueEmail } from "./support";

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
  // And one that is fetched on a schedule (last on that page), whose last fetch and fetch history must agree.
  const fetched = await page.locator('tbody th a[href^="/sources/"]').last().getAttribute("href");
  expect(fetched, "a fetched source to open").toBeTruthy();
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
    fetched as string,
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

/** The demo projects' keywords (server/demo/seed.ts), folded: a highlighted word in the feed is one of them. */
const DEMO_PROJECTS = ["Nurbank", "Orzu Bank", "TezPay"];
const DEMO_KEYWORDS = [
  "Nurbank",
  "Nur Bank",
  "Нурбанк",
  "Orzu Bank",
  "Orzubank",
  "Орзу Банк",
  "TezPay",
  "Tez Pay",
  "ТезПей",
].map((k) => foldWords(k).join(" "));

/**
 * Issue 29's defects that a page shows, checked on every page it applies to: x-axis labels that overlap,
 * placeholders cut off by their box, a time-zone list in another language or cut off, a source whose last
 * fetch has no history, a users table that repeats a word across columns, a highlight the matcher did not
 * make, two names for one figure, and palette icons squeezed by a long title.
 */
async function pageDefects(page: Page, url: string, lng: string): Promise<string[]> {
  const problems: string[] = [];
  const found = await page.evaluate(() => {
    const out: string[] = [];
    for (const axis of document.querySelectorAll("[data-x-axis]")) {
      const boxes = [...axis.children]
        .filter((label) => label.checkVisibility())
        .map((label) => ({ text: label.textContent, box: label.getBoundingClientRect() }))
        .sort((a, b) => a.box.left - b.box.left);
      for (let k = 1; k < boxes.length; k++) {
        const [a, b] = [boxes[k - 1], boxes[k]] as [(typeof boxes)[number], (typeof boxes)[number]];
        if (a.box.right > b.box.left) out.push(`axis labels overlap: "${a.text}" "${b.text}"`);
      }
    }
    const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
    for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      "input[placeholder], textarea[placeholder]",
    )) {
      if (!input.checkVisibility() || input instanceof HTMLTextAreaElement) continue;
      const style = getComputedStyle(input);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const width = context.measureText(input.placeholder).width;
      if (width > room + 1)
        out.push(`placeholder cut off: "${input.placeholder}" (${width.toFixed()} px in ${room} px)`);
    }
    return out;
  });
  problems.push(...found.map((p) => `${url}: ${p}`));

  if (url === "/settings/account") {
    const zones = await page.locator('select[name="timezone"]').evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      // The closed select shows the chosen label beside its arrow: any label must fit there.
      const room = select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const labels = [...select.options].map((o) => o.text);
      return { cut: labels.filter((l) => context.measureText(l).width > room), labels };
    });
    if (zones.cut.length) problems.push(`${url}: time zones cut off: ${zones.cut.slice(0, 3).join(" | ")}`);
    if (lng === "ru" || lng === "uz-Cyrl") {
      const latin = zones.labels.filter((l) => /[A-Za-z]/.test(l.replace(/\(?UTC[^)]*\)?/, "")));
      if (latin.length) problems.push(`${url}: time zones in Latin letters: ${latin.slice(0, 3).join(" | ")}`);
    }
  }
  if (url.startsWith("/sources/") && !url.endsWith("/edit") && !url.startsWith("/sources/new")) {
    const noHistory = text(lng, "sources:detail.noHistory");
    const results = ["ok", "not_modified", "error"].map((r) => text(lng, `sources:result.${r}`));
    const said = await page
      .locator("[data-last-fetch]")
      .evaluate(
        (header, [none, ...results]) =>
          document.body.textContent.includes(none as string) &&
          (header.querySelector("time") !== null || results.some((r) => header.textContent?.includes(r as string))),
        [noHistory, ...results],
      );
    if (said) problems.push(`${url}: a last fetch is shown beside "${noHistory}"`);
  }
  if (url === "/users") {
    const repeated = await page.locator("tbody tr").evaluateAll((rows) =>
      rows.flatMap((row) => {
        const cells = [...row.querySelectorAll("th, td")].map((c) => c.textContent?.trim() ?? "");
        const words = cells.filter((c) => c && c !== "—");
        return words.filter((c, i) => words.indexOf(c) !== i);
      }),
    );
    if (repeated.length) problems.push(`${url}: a row repeats ${repeated.slice(0, 3).join(" | ")}`);
  }
  if (url === "/messages") {
    // Only mentions of the demo's projects: journeys running alongside add projects with other terms.
    const marks = await page.locator("[data-feed-item]").evaluateAll(
      (items, demo) =>
        items.flatMap((item) => {
          const projects = [...item.querySelectorAll("li:has(> .rounded-full) [data-user-content]")];
          const names = projects.map((p) => p.textContent?.trim() ?? "");
          if (!names.every((name) => demo.includes(name))) return [];
          return [...item.querySelectorAll("mark")].map((mark) => mark.textContent ?? "");
        }),
      DEMO_PROJECTS,
    );
    const stray = marks.filter((m) => !DEMO_KEYWORDS.some((k) => foldWords(m).join(" ").startsWith(k)));
    if (stray.length) problems.push(`${url}: highlighted though no project's term: ${stray.slice(0, 5).join(" | ")}`);
  }
  if (url === "/analytics") {
    // The overview's name of the figure is the analytics page's too (one term per figure, issue 29).
    const net = text(lng, "dashboard:kpi.net");
    if (!((await page.locator("main").textContent()) ?? "").includes(net))
      problems.push(`${url}: net sentiment is not "${net}"`);
  }
  if (url === "/") {
    await page.keyboard.press("Control+k");
    await page
      .getByRole("dialog")
      .getByRole("combobox")
      .fill("a question long enough to need the whole width of the palette and more");
    const icons = await page
      .locator("[cmdk-item] svg")
      .evaluateAll((svgs) => svgs.map((s) => s.getBoundingClientRect().width));
    await page.keyboard.press("Escape");
    if (icons.length === 0 || icons.some((w) => Math.abs(w - 16) > 0.5))
      problems.push(`${url}: palette icons ${icons.join(", ")} px`);
  }
  return problems;
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
        problems.push(...(await pageDefects(page, url, lng)));

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
