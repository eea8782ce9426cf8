import { expect, test } from "@playwright/test";
import { DEMO_STATE } from "../../playwright.config";
import { text } from "./support";

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
  await expect(document.getByRole("heading", { level: 1, name: "Board pack, JavaScript off" })).toBeVisible();
  // The report speaks Russian in an English interface.
  await expect(document.getByRole("heading", { name: text("ru", "reports:sections.kpis") })).toBeVisible();
  await expect(document.getByRole("listitem").filter({ hasText: "рост охвата" })).toBeVisible();

  // Printed: only the document, no sidebar, header or buttons, and every mention whole on its page.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".app-header")).toBeHidden();
  await expect(page.locator(".nav-link").first()).toBeHidden();
  await expect(page.getByRole("link", { name: text("en", "reports:view.pdf") })).toBeHidden();
  await expect(document).toBeVisible();
  const avoids = await document
    .locator(".report-mention, .report-chart, .report-table")
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
