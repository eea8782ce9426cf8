import { expect, type Page, test } from "@playwright/test";
import { text, waitForInteractive } from "./support";

const t = (key: string) => text("en", key);
const items = (page: Page) => page.locator("[data-feed-item]");

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("searches and filters the feed through the URL", async ({ page }) => {
    await page.goto("/messages");
    const search = page.getByRole("search");
    await search.getByLabel(t("messages:search.label")).fill("Nurbank");
    await search
      .getByRole("button", { name: t("tables:apply") })
      .first()
      .click();
    await expect(page).toHaveURL(/[?&]q=Nurbank/);
    await expect(items(page).first()).toBeVisible();
    for (const item of await items(page).all()) await expect(item.locator("mark").first()).toBeVisible();

    // Filter by the sentiment of the first result, so the filtered feed cannot be empty.
    const firstText = (await items(page).first().textContent()) ?? "";
    const sentiment = (["positive", "neutral", "negative"] as const).find((s) =>
      firstText.includes(t(`messages:sentiment.${s}`)),
    ) as string;
    await search.locator("summary", { hasText: t("messages:filter.sentiment") }).click();
    await search.getByLabel(t(`messages:sentiment.${sentiment}`)).check();
    await search
      .getByRole("button", { name: t("tables:apply") })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`sentiment=${sentiment}`));
    await expect(page).toHaveURL(/q=Nurbank/);
    const count = await items(page).count();
    expect(count).toBeGreaterThan(0);
    await expect(items(page).getByText(t(`messages:sentiment.${sentiment}`), { exact: true })).toHaveCount(count);

    await page.getByRole("link", { name: t("messages:clearFilters") }).click();
    await expect(page).toHaveURL(/\/messages$/);
  });
});

test("filters by an author typed in the filter bar", async ({ page }) => {
  await page.goto("/messages");
  await waitForInteractive(page);
  const author = (await page.locator("#feed-authors option").first().getAttribute("value")) as string;
  const search = page.getByRole("search");
  await search.locator("summary", { hasText: t("messages:filter.author") }).click();
  await search.getByLabel(t("messages:filter.author")).fill(author);
  await expect.poll(() => new URL(page.url()).searchParams.get("author")).toBe(author);
  await expect(items(page).first()).toBeVisible();
  for (const item of await items(page).all()) await expect(item).toContainText(author);
});

test("opens a mention in the side panel, stars it, and Back closes it", async ({ page }) => {
  await page.goto("/messages?q=TezPay");
  await waitForInteractive(page);
  const first = items(page).first();
  const title = ((await first.locator("[data-open]").textContent()) ?? "").trim();
  await first.locator("[data-open]").click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}\?q=TezPay/);
  const panel = page.getByRole("complementary", { name: t("messages:mention.panel") });
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText(title);
  const star = panel.getByRole("button", { name: t("messages:action.star") });
  const unstar = panel.getByRole("button", { name: t("messages:action.unstar") });
  await expect(star.or(unstar)).toBeVisible();
  const wasStarred = await unstar.isVisible();
  await (wasStarred ? unstar : star).click();
  await expect(wasStarred ? star : unstar).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/messages\?q=TezPay$/);
  await expect(panel).toBeHidden();
});

test("archives the ticked mentions in bulk", async ({ page }) => {
  await page.goto("/messages?q=Samarqand&sort=published&dir=asc");
  await waitForInteractive(page);
  const ticked = [items(page).nth(0), items(page).nth(1)];
  const ids = await Promise.all(ticked.map((item) => item.getAttribute("data-feed-item")));
  for (const item of ticked) await item.getByRole("checkbox").check();
  const bulk = page.getByRole("form", { name: t("messages:bulk.label") });
  await bulk.getByLabel(t("messages:bulk.action")).selectOption("archive");
  await bulk.getByRole("button", { name: t("messages:bulk.apply") }).click();
  await expect(page.getByText(t("messages:bulk.done").replace("{{count}}", "2"))).toBeVisible({ timeout: 15_000 });
  for (const id of ids) await expect(page.locator(`[data-feed-item="${id}"]`)).toHaveCount(0);
  await page.goto("/messages?q=Samarqand&archived=archived");
  for (const id of ids) await expect(page.locator(`[data-feed-item="${id}"]`)).toHaveCount(1);
});

test("moves, stars and opens with the keyboard, and lists the keys", async ({ page }) => {
  await page.goto("/messages?q=Orzu");
  await waitForInteractive(page);
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  const second = items(page).nth(1);
  await expect(second).toBeFocused();
  const starred = await second.getByRole("button", { name: t("messages:action.unstar") }).isVisible();
  await page.keyboard.press("s");
  await expect(
    second.getByRole("button", { name: t(starred ? "messages:action.star" : "messages:action.unstar") }),
  ).toBeVisible();
  await second.focus();
  await page.keyboard.press("o");
  await expect(page).toHaveURL(new RegExp(`/messages/${await second.getAttribute("data-feed-item")}`));
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: t("messages:shortcuts.title") })).toBeVisible();
});
