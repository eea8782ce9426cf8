import AxeBuilder from "@axe-core/playwright";
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

for (const javaScriptEnabled of [false, true]) {
  test(`the preview shows what the rules match, inflected forms marked, and saves nothing (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled, storageState: DEMO_STATE });
    const page = await context.newPage();
    await page.goto("/projects/create");
    if (javaScriptEnabled) await waitForInteractive(page);
    await page.getByLabel(text("en", "projects:form.name")).fill("Samarqand watch");
    // The demo writes the city as Samarqandda, Самарқандда and Самарканде: one stem each, inflected.
    await page.getByLabel(text("en", "projects:form.keywords")).fill("Samarqand\nСамарканд");
    if (!javaScriptEnabled) await page.getByRole("button", { name: text("en", "projects:preview.submit") }).click();
    const preview = page.getByRole("region", { name: text("en", "projects:preview.title") });
    await expect(preview.locator("[data-preview-count]")).toHaveText(/\d/);
    await expect(preview.locator("mark", { hasText: /^(Samarqandda|Самарқандда|Самарканде)$/ }).first()).toBeVisible();
    // Nothing was saved, and what was typed is still there.
    await expect(page).toHaveURL(/\/projects\/create(#preview)?$/);
    await expect(page.getByLabel(text("en", "projects:form.name"))).toHaveValue("Samarqand watch");
    await expect(page.getByLabel(text("en", "projects:form.keywords"))).toHaveValue("Samarqand\nСамарканд");
    if (javaScriptEnabled) {
      // axe runs in the page, so only with JavaScript; the panel is the same HTML either way.
      const axe = await new AxeBuilder({ page }).include("#preview").analyze();
      expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
      // Typing on changes the preview without posting: a word no mention has leaves nothing.
      await page.getByLabel(text("en", "projects:form.requiredWords")).fill("zzzqqq");
      // What a screen reader is told, and what is shown.
      await expect(preview.getByRole("status")).toHaveText(/^No mention from/);
      await expect(preview.getByText(/^No mention from/).last()).toBeVisible();
      await expect(page.getByLabel(text("en", "projects:form.name"))).toHaveValue("Samarqand watch");
    }
    await context.close();
  });
}
