// The journey: a manager adds an RSS feed (served by a loopback fixture server) with JavaScript off,
// presses "Fetch now", and the feed's items arrive as mentions on their project's page and in the overview.
// The e2e server runs with COLLECTOR_ALLOW_PRIVATE=1 (playwright.config.ts), so a loopback feed may be read.
import { expect, test } from "@playwright/test";
import { type FixtureServer, startFixtureServer } from "../support/fixture-server";
import { managerWithoutScript, text, waitForInteractive } from "./support";

let feed: FixtureServer;
test.beforeAll(async () => {
  feed = await startFixtureServer();
});
test.afterAll(() => feed.close());

/** An RSS 2.0 feed of `titles`, published over the last hours, each naming the brand. */
function rss(titles: string[]) {
  const items = titles
    .map(
      (title, i) => `<item>
  <guid>${title.replace(/\W+/g, "-")}</guid>
  <title>${title}</title>
  <link>https://news.example/${title.replace(/\W+/g, "-")}</link>
  <description>${title}: the bank opened a new branch in Samarkand.</description>
  <pubDate>${new Date(Date.now() - (i + 1) * 3_600_000).toUTCString()}</pubDate>
</item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Fixture news</title><link>https://news.example/</link>
<description>Fixture</description>
${items}
</channel></rss>`;
}

test("a manager adds an RSS feed without JavaScript, fetches it now, and its mentions reach the project and the overview", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL as string;
  const brand = `Zarafshon${Date.now().toString(36)}`;
  const titles = [`${brand} opens a branch`, `${brand} cuts its fees`, `Clients praise ${brand}`];
  feed.route(
    "/brand.xml",
    (_req, res) => void res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss(titles)),
  );

  // The demo admin creates the project whose keyword the feed names.
  await page.goto("/projects/create");
  await page.getByLabel(text("en", "projects:form.name"), { exact: true }).fill(`Brand ${brand}`);
  await page.getByLabel(text("en", "projects:form.keywords")).fill(brand);
  await page.getByRole("button", { name: text("en", "projects:create.submit") }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  const projectPath = new URL(page.url()).pathname;
  const projectId = projectPath.split("/").at(-1) as string;

  // A manager of that project, signed in in a browser without JavaScript.
  const manager = await managerWithoutScript(browser, projectId);

  // Add the feed: type first, then its fields.
  await manager.goto("/sources");
  await manager.getByRole("link", { name: text("en", "sources:new.button") }).click();
  await manager.getByRole("link", { name: new RegExp(text("en", "projects:sourceType.rss")) }).click();
  await manager.getByLabel(text("en", "sources:form.name")).fill(`${brand} news`);
  await manager.getByLabel(text("en", "sources:form.url.rss")).fill(feed.url("/brand.xml"));
  await manager.getByRole("button", { name: text("en", "sources:new.submit") }).click();
  await expect(manager).toHaveURL(/\/sources\/[0-9a-f-]{36}$/);
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText(`${brand} news`);

  // Fetch now: the page comes back at once; the fetch runs in the background and its result shows on a reload.
  await manager.getByRole("button", { name: text("en", "sources:actions.fetchNow") }).click();
  const history = manager.getByRole("region", { name: text("en", "sources:detail.history") });
  await expect(async () => {
    await manager.reload();
    await expect(history.locator("tbody tr")).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 45_000 });
  const attempt = history.locator("tbody tr").first();
  await expect(attempt).toContainText(text("en", "sources:result.ok"));
  await expect(attempt.locator("td").nth(3)).toHaveText("3");
  const latest = manager.getByRole("region", { name: text("en", "sources:detail.mentions") });
  for (const title of titles) await expect(latest).toContainText(title);
  expect(feed.requests.filter((r) => r.path === "/brand.xml")).toHaveLength(1);

  // The table says so too.
  await manager.goto(`/sources?q=${brand}`);
  const row = manager.locator("tbody tr", { hasText: `${brand} news` });
  await expect(row).toContainText(text("en", "sources:result.ok"));

  // On the project's page…
  await manager.goto(projectPath);
  const recent = manager.getByRole("region", { name: text("en", "projects:detail.recent") });
  for (const title of titles) await expect(recent).toContainText(title);

  // …and in the overview's counts for that project.
  const chosen = await manager.context().request.post(`${baseURL}/resources/active-project`, {
    headers: { Origin: baseURL },
    form: { projectId, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(chosen.status()).toBe(302);
  await manager.goto("/");
  const kpis = manager.getByRole("region", { name: text("en", "dashboard:kpis") });
  const mentions = kpis.locator("div", {
    has: manager.getByText(text("en", "dashboard:kpi.mentions"), { exact: true }),
  });
  await expect(mentions.locator("p").nth(1)).toHaveText("3");
  await manager.context().close();
});

test("with JavaScript, Fetch now shows the fetch running in the row and then its result, without a reload", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const brand = `Chorsu${Date.now().toString(36)}`;
  // A feed that takes a moment to answer, so the running fetch can be seen.
  feed.route("/slow-brand.xml", (_req, res) => {
    setTimeout(
      () =>
        void res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss([`${brand} one`, `${brand} two`])),
      2_000,
    );
  });
  await page.goto("/sources/new?type=rss");
  await page.getByLabel(text("en", "sources:form.name")).fill(`${brand} feed`);
  await page.getByLabel(text("en", "sources:form.url.rss")).fill(feed.url("/slow-brand.xml"));
  await page.getByRole("button", { name: text("en", "sources:new.submit") }).click();
  await expect(page).toHaveURL(/\/sources\/[0-9a-f-]{36}$/);

  await page.goto(`/sources?q=${brand}`);
  await waitForInteractive(page);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const row = page.locator("tbody tr", { hasText: `${brand} feed` });
  await row.getByRole("button", { name: text("en", "sources:actions.fetchNow") }).click();
  await expect(row).toContainText(text("en", "sources:fetching"));
  await expect(row).toContainText(text("en", "sources:result.ok"), { timeout: 30_000 });
  await expect(row).not.toContainText(text("en", "sources:fetching"));
  // New in the last fetch and in 7 days.
  await expect(row.locator('td[data-column="newItems"]')).toHaveText("2");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
