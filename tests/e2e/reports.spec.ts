import { expect, test } from "@playwright/test";
import { DEMO_STATE } from "../../playwright.config";
import { managerWithoutScript, text } from "./support";

test("a report created with JavaScript off opens as a document and prints without the app around it", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: DEMO_STATE });
  const page = await context.newPage();
  await page.goto("/reports/new");
  await page.getByLabel(text("en", "reports:form.project")).selectOption({ label: "Nurbank" });
  await page.getByLabel(text("en", "reports:periods.last_30_days")).check();
  await page.getByLabel(text("en", "reports:form.reportTitle")).fill("Board pack, JavaScript off");
  await page.getByLabel(text("en", "reports:form.language")).selectOption("ru");
  await page
    .getByRole("textbox", { name: text("en", "reports:form.notes") })
    .fill("Итоги:\n- рост охвата\n- меньше жалоб");
  await page.getByRole("button", { name: text("en", "reports:form.submit") }).click();

  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  const document = page.locator("article.report-document");
  // The page's own title is its one h1; the report's title under it is an h2 (the PDF's is its h1).
  await expect(document.getByRole("heading", { level: 2, name: "Board pack, JavaScript off" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  // The report speaks Russian in an English interface.
  await expect(document.getByRole("heading", { name: text("ru", "reports:sections.kpis") })).toBeVisible();
  await expect(document.getByRole("listitem").filter({ hasText: "рост охвата" })).toBeVisible();

  // Printed: only the document, no sidebar, header or buttons, every mention and chart whole on its page, and a
  // ranking goes on over the page only between its rows.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".app-header")).toBeHidden();
  await expect(page.locator(".nav-link").first()).toBeHidden();
  await expect(page.getByRole("link", { name: text("en", "reports:view.pdf") })).toBeHidden();
  await expect(document).toBeVisible();
  const avoids = await document
    .locator(".report-mention, .report-chart:not(.report-ranking), .report-ranking tr")
    .evaluateAll((elements) => elements.map((e) => getComputedStyle(e).breakInside));
  expect(avoids.length).toBeGreaterThan(0);
  expect(avoids.every((value) => value === "avoid")).toBe(true);
  const pdf = await page.pdf({ format: "A4" });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  await page.emulateMedia({ media: "screen" });

  // The server's own PDF and the CSV come with the same session.
  const href = page.url().replace(/^https?:\/\/[^/]+/, "");
  const served = await page.request.get(`${href}/pdf`);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect((await served.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const csv = await page.request.get(`${href}/csv`);
  expect(await csv.text()).toContain("section,item,value,previous,reach");

  await page.goto("/reports?q=JavaScript+off");
  await expect(page.getByRole("link", { name: "Board pack, JavaScript off" })).toBeVisible();
  await context.close();
});

test("KPI figures of nine digits fit their cards on the overview, analytics and a report, at 1280 and 390 px", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const brand = `Tumaris${Date.now().toString(36)}`;
  // A project of its own, whose one mention (pushed to a webhook source) reaches 987 654 321 people.
  await page.goto("/projects/create");
  await page.getByLabel(text("en", "projects:form.name"), { exact: true }).fill(`Brand ${brand}`);
  await page.getByLabel(text("en", "projects:form.keywords")).fill(brand);
  await page.getByRole("button", { name: text("en", "projects:create.submit") }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  const projectId = page.url().split("/").at(-1) as string;
  await page.goto("/sources/new?type=webhook");
  await page.getByLabel(text("en", "sources:form.name")).fill(`${brand} hook`);
  await page.getByRole("button", { name: text("en", "sources:new.submit") }).click();
  const secret = (await page.getByRole("status").locator("code").textContent()) as string;
  const endpoint = ((await page.locator("code", { hasText: /^POST / }).textContent()) as string).slice(5);
  const delivered = await page.request.post(endpoint, {
    headers: { Authorization: `Bearer ${secret}` },
    data: { externalId: brand, text: `${brand} opens a branch`, reach: 987_654_321, publishedAt: new Date() },
  });
  expect(delivered.ok()).toBe(true);

  // Its manager sees only it: every total is that mention's.
  const manager = await managerWithoutScript(browser, projectId);
  await manager.goto("/reports/new");
  await manager.getByLabel(text("en", "reports:form.project")).selectOption({ label: `Brand ${brand}` });
  await manager.getByLabel(text("en", "reports:periods.last_30_days")).check();
  await manager.getByRole("button", { name: text("en", "reports:form.submit") }).click();
  await expect(manager).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  const report = new URL(manager.url()).pathname;

  const cards = {
    "/": `section[aria-label="${text("en", "dashboard:kpis")}"] > div`,
    "/analytics": `section[aria-label="${text("en", "dashboard:analytics.kpis")}"] > div`,
    [report]: ".report-kpi",
  };
  for (const width of [1280, 390]) {
    await manager.setViewportSize({ width, height: 844 });
    for (const [path, selector] of Object.entries(cards)) {
      await manager.goto(path);
      // The reach is short on its card, exact on hover.
      await expect(manager.locator(`${selector} data[title="987,654,321"]`)).toContainText("988M");
      const boxes = await manager.locator(selector).evaluateAll((elements) =>
        elements.map((e) => ({
          text: e.textContent,
          scroll: e.scrollWidth,
          width: e.clientWidth,
          right: e.getBoundingClientRect().right,
        })),
      );
      expect(boxes.length).toBeGreaterThanOrEqual(4);
      for (const box of boxes) {
        expect(box.scroll, `${path} at ${width} px: ${box.text}`).toBeLessThanOrEqual(box.width);
        expect(box.right, `${path} at ${width} px: ${box.text}`).toBeLessThanOrEqual(width);
      }
    }
  }
  await manager.context().close();
});
