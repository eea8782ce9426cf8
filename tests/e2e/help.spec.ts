// The help center: articles found from the palette and by search, the Help link of a page header, and a
// question to support sent with JavaScript off that reaches the (fake) Telegram support chat.
import { expect, test } from "@playwright/test";
import { BOT_URL, DEMO_STATE } from "../../playwright.config";
import { text, waitForInteractive } from "./support";

const t = (key: string) => text("en", key);

test("the command palette finds a help article by its title and opens it", async ({ page }) => {
  await page.goto("/");
  await waitForInteractive(page);
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog");
  await dialog.getByPlaceholder(t("common:typeCommand")).fill("keyboard");
  const option = dialog.getByRole("option", { name: "Keyboard shortcuts" });
  await expect(dialog.getByRole("group", { name: t("help:palette") })).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/help-center\/keyboard-shortcuts$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Keyboard shortcuts");
  await expect(
    page
      .getByRole("navigation", { name: t("help:toc") })
      .getByRole("link")
      .first(),
  ).toBeVisible();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a page's Help link opens its article, and the help center's search marks the words found", async ({ page }) => {
    await page.goto("/sources");
    await page
      .getByRole("main")
      .getByRole("link", { name: t("help:link"), exact: true })
      .click();
    await expect(page).toHaveURL(/\/help-center\/sources$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sources");
    await page
      .getByRole("navigation", { name: t("help:toc") })
      .getByRole("link", { name: "Webhook" })
      .click();
    await expect(page).toHaveURL(/#webhook$/);

    await page.goto("/help-center");
    await page.getByRole("search").getByLabel(t("help:search.label")).fill("one-time password");
    await page
      .getByRole("search")
      .getByRole("button", { name: t("help:search.submit") })
      .click();
    await expect(page).toHaveURL(/\?q=one-time\+password$/);
    const first = page.getByRole("main").getByRole("listitem").first();
    await expect(first.getByRole("link")).toHaveText("Users and roles");
    await expect(first.locator("mark").first()).toBeVisible();
  });

  test("a question to support is stored, sent to the Telegram support chat, and shown as sent", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: DEMO_STATE });
    const page = await context.newPage();
    await page.goto("/help-center");
    const support = page.getByRole("form", { name: t("help:support.formLabel") });
    await expect(page.getByRole("link", { name: t("help:support.telegram") })).toHaveAttribute(
      "href",
      "https://t.me/kuzatuv_support_bot",
    );

    // Too short: the error says so and what was typed stays.
    await support.getByLabel(t("help:support.message")).fill("Help");
    await support.getByRole("button", { name: t("help:support.send") }).click();
    await expect(page.getByText(t("help:support.errors.messageShort"))).toBeVisible();
    await expect(support.getByLabel(t("help:support.message"))).toHaveValue("Help");

    const question = `The RSS feed of Gazeta stopped collecting (${Date.now()})`;
    await support.getByLabel(t("help:support.topic")).selectOption("sources");
    await support.getByLabel(t("help:support.message")).fill(question);
    await support.getByLabel(t("help:support.pageUrl")).fill("https://kuzatuv.example/sources");
    await support.getByRole("button", { name: t("help:support.send") }).click();
    await expect(page).toHaveURL(/\/help-center#support$/);
    await expect(page.locator(".noscript-toast")).toHaveText(t("help:support.queuedToast"));

    await expect
      .poll(async () => {
        const received = (await (await page.request.get(`${BOT_URL}/received`)).json()) as Array<{ text: string }>;
        return received.find((m) => m.text.includes(question))?.text;
      })
      .toContain("From: demo@kuzatuv.local");
    await page.reload();
    const mine = page
      .getByRole("region", { name: t("help:support.title") })
      .getByRole("listitem")
      .filter({
        hasText: question,
      });
    await expect(mine.getByText(t("help:support.status.sent"))).toBeVisible();
    await context.close();
  });
});
