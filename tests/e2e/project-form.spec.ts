import { expect, type Page, test } from "@playwright/test";
import { DEMO_STATE } from "../../playwright.config";
import { text, waitForInteractive } from "./support";

/** The field has the focus and sits in the viewport below the sticky header. */
async function expectFocusedBelowHeader(page: Page, label: string) {
  const field = page.getByLabel(label);
  await expect(field).toBeFocused();
  const header = await page.locator(".app-header").boundingBox();
  const box = await field.boundingBox();
  expect(box && header && box.y >= header.y + header.height).toBe(true);
  expect(box && box.y + box.height <= (page.viewportSize()?.height ?? 0)).toBe(true);
}

for (const javaScriptEnabled of [false, true]) {
  test(`a failed project form puts the focus on the first invalid field (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled,
      storageState: DEMO_STATE,
      viewport: { width: 1280, height: 600 },
    });
    const page = await context.newPage();
    await page.goto("/projects/create");
    if (javaScriptEnabled) await waitForInteractive(page);
    await page.getByLabel(text("en", "projects:form.name")).fill("Qovun");
    await page.getByRole("button", { name: text("en", "projects:create.submit") }).click();
    await expect(page.getByText(text("en", "projects:errors.keywordsRequired"))).toBeVisible();
    await expectFocusedBelowHeader(page, text("en", "projects:form.keywords"));
    await context.close();
  });
}
