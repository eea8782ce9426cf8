// WCAG 2.2 AA in the browser (issue 37, ADR 059): axe-core's WCAG 2.0/2.1/2.2 A and AA rules over every
// screen and a detail page of each kind, in the four languages, light and dark, at 1280 and 390 px; any serious
// or critical violation fails, and so does a page without exactly one h1. Every screen runs in English light
// at 1280 px and Russian dark at 390 px; the key screens run in all sixteen combinations.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { adminContext } from "./support";

const LANGUAGES = { en: "en-US", ru: "ru-RU", uz: "uz-UZ", "uz-Cyrl": "uz-Cyrl-UZ" } as const;
type Lng = keyof typeof LANGUAGES;
const SCHEMES = ["light", "dark"] as const;
const WIDTHS = [1280, 390] as const;

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** WCAG rules axe keeps as experimental (off unless asked for): visible labels in accessible names (2.5.3). */
const EXPERIMENTAL = ["label-content-name-mismatch"];

/** The signed-in screens with a fixed address. */
const SCREENS = [
  "/",
  "/analytics",
  "/messages",
  "/projects",
  "/projects/create",
  "/sources",
  "/sources/new",
  "/tasks",
  "/tasks/new",
  "/tasks/import",
  "/reports",
  "/reports/new",
  "/users",
  "/users/new",
  "/integrations",
  "/notifications",
  "/ai-assistant",
  "/help-center",
  "/settings/account",
  "/settings/appearance",
  "/settings/notifications",
  "/no-such-page",
];

/** A detail page of each kind: the first link to one on its list page. */
const ID = "[0-9a-f-]{36}";
const DETAILS: { kind: string; list: string; link: RegExp }[] = [
  { kind: "mention", list: "/messages", link: new RegExp(`^/messages/${ID}$`) },
  { kind: "project", list: "/projects", link: new RegExp(`^/projects/${ID}$`) },
  { kind: "source", list: "/sources", link: new RegExp(`^/sources/${ID}$`) },
  { kind: "task", list: "/tasks", link: new RegExp(`^/tasks/${ID}$`) },
  { kind: "report", list: "/reports", link: new RegExp(`^/reports/${ID}$`) },
  { kind: "user", list: "/users", link: new RegExp(`^/users/${ID}$`) },
  { kind: "help article", list: "/help-center", link: /^\/help-center\/[a-z0-9-]+$/ },
];
/** Pages under a project and a source, from its address. */
const UNDER = {
  project: ["/edit", "/members", "/webhooks"],
  source: ["/edit"],
} as const;

/** Pages anyone can open: the auth pages and the status pages. */
const PUBLIC = ["/sign-in", "/sign-up", "/401", "/403", "/500", "/503"];

type Combo = { lng: Lng; scheme: (typeof SCHEMES)[number]; width: (typeof WIDTHS)[number] };
const COMBOS: Combo[] = Object.keys(LANGUAGES).flatMap((lng) =>
  SCHEMES.flatMap((scheme) => WIDTHS.map((width) => ({ lng: lng as Lng, scheme, width }))),
);
/** Every screen in these two: both themes, both widths, a Latin and a Cyrillic language. */
const EVERY_SCREEN: Combo[] = [
  { lng: "en", scheme: "light", width: 1280 },
  { lng: "ru", scheme: "dark", width: 390 },
];
/** The screens every combination runs: the overview, the feed with highlighted matches, a mention, a report. */
const KEY_SCREENS = ["/", "/messages?q=bank", "mention", "report"];

/** Detail pages' addresses, kept for the worker's later tests (every admin sees every project's). */
const details: Record<string, string> = {};

/** The first link to a page of each kind on its list page, as this admin sees it. */
async function detailPages(page: Page, kinds: string[]) {
  for (const { kind, list, link } of DETAILS) {
    if (!kinds.includes(kind) || details[kind]) continue;
    await page.goto(list);
    const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    const href = hrefs.find((h): h is string => h !== null && link.test(h));
    expect(href, `a ${kind} to open on ${list}`).toBeDefined();
    details[kind] = href as string;
  }
  return details;
}

async function check(page: Page, url: string) {
  const response = await page.goto(url);
  const problems: string[] = [];
  const expected = url === "/no-such-page" || /^\/\d{3}$/.test(url);
  if (!expected && (response?.status() ?? 0) >= 400) problems.push(`${url}: status ${response?.status()}`);
  const h1 = await page.locator("h1").count();
  if (h1 !== 1) problems.push(`${url}: ${h1} h1 elements`);
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    // Only violations are reported in full: passes and incompletes are the bulk of axe's work on a long page.
    .options({
      resultTypes: ["violations"],
      rules: Object.fromEntries(EXPERIMENTAL.map((id) => [id, { enabled: true }])),
    })
    .analyze();
  for (const v of results.violations) {
    if (v.impact !== "serious" && v.impact !== "critical") continue;
    problems.push(`${url}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }
  return problems;
}

test.describe.configure({ mode: "parallel" });

for (const combo of COMBOS) {
  const { lng, scheme, width } = combo;
  const every = EVERY_SCREEN.some((c) => c.lng === lng && c.scheme === scheme && c.width === width);
  test(`${every ? "every screen" : "key screens"} pass axe in ${lng}, ${scheme}, ${width} px`, async ({ browser }) => {
    test.setTimeout(every ? 900_000 : 300_000);
    const options = {
      locale: LANGUAGES[lng],
      colorScheme: scheme,
      viewport: { width, height: width > 800 ? 800 : 844 },
    };
    // An admin of their own (with every project), whose language and theme start from the browser's.
    const context = await adminContext(browser, options);
    const page = await context.newPage();
    const found = await detailPages(page, every ? DETAILS.map((d) => d.kind) : KEY_SCREENS);
    const urls = every
      ? [
          ...SCREENS,
          ...Object.values(found),
          ...UNDER.project.map((tail) => found.project + tail),
          ...UNDER.source.map((tail) => found.source + tail),
        ]
      : KEY_SCREENS.map((screen) => found[screen] ?? screen);
    const problems: string[] = [];
    for (const url of urls) problems.push(...(await check(page, url)));
    await expect(page.locator("html")).toHaveAttribute("lang", lng);
    await expect(page.locator("html")).toHaveClass(scheme);
    if (every) {
      const signedOut = await browser.newContext({ ...options, storageState: { cookies: [], origins: [] } });
      const visitor = await signedOut.newPage();
      for (const url of PUBLIC) problems.push(...(await check(visitor, url)));
      await signedOut.close();
    }
    await context.close();
    if (problems.length) console.log(problems.join("\n"));
    expect(problems).toEqual([]);
  });
}
