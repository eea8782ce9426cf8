import { expect, type Page, test } from "@playwright/test";
import { DEMO_STATE } from "../../playwright.config";
import { text, waitForInteractive } from "./support";

// Each journey takes several round trips; a busy machine needs more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const t = (key: string) => text("en", `tasks:${key}`);
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** A board column, by its status. */
const column = (page: Page, status: string) => page.locator(`section[data-status="${status}"]`);

/** Creates a task through the no-JavaScript page (a plain form post), for the tests that need one. */
async function createTask(page: Page, title: string) {
  await page.goto("/tasks/new");
  await page.getByLabel(t("field.title")).fill(title);
  await page.getByLabel(t("field.project")).selectOption({ label: "Nurbank" });
  await page.getByRole("button", { name: t("create.submit") }).click();
  await expect(page).toHaveURL(/\/tasks$/);
}

test("a task is created in the side sheet: errors keep what was typed, assignees follow the project", async ({
  page,
}) => {
  const title = unique("Call the journalist back");
  await page.goto("/tasks");
  await waitForInteractive(page);
  await page.getByRole("link", { name: t("new") }).click();
  const sheet = page.getByRole("dialog", { name: t("create.title") });
  await expect(sheet).toBeVisible();
  await expect(page).toHaveURL(/\/tasks\/new$/);

  // No project yet: refused, with the description kept.
  await sheet.getByLabel(t("field.title")).fill(title);
  await sheet.getByLabel(t("field.description")).fill("About the outage article");
  await sheet.getByRole("button", { name: t("create.submit") }).click();
  await expect(sheet.getByText(t("errors.projectRequired"))).toBeVisible();
  await expect(sheet.getByLabel(t("field.description"))).toHaveValue("About the outage article");

  await sheet.getByLabel(t("field.project")).selectOption({ label: "TezPay" });
  // TezPay's members only: the analyst is not one of them.
  const assignee = sheet.getByLabel(t("field.assignee"));
  await expect(assignee.locator("option", { hasText: "analyst@kuzatuv.local" })).toHaveCount(0);
  await assignee.selectOption({ label: "manager@kuzatuv.local" });
  await sheet.getByLabel(t("field.priority")).selectOption({ label: t("priority.high") });
  await sheet.getByRole("button", { name: t("create.submit") }).click();

  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/tasks$/);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText(t("priority.high"));
  await expect(row).toContainText("manager@kuzatuv.local");
  await expect(row).toContainText("TezPay");

  // Opening it shows the same sheet, filled in.
  await row.getByRole("link", { name: title }).click();
  const edit = page.getByRole("dialog", { name: t("edit.title") });
  await expect(edit.getByLabel(t("field.title"))).toHaveValue(title);
  await page.keyboard.press("Escape");
  await expect(edit).toBeHidden();
  await expect(page).toHaveURL(/\/tasks$/);
});

test("a card is dragged across the board and moved with the keyboard; the moves are saved", async ({ page }) => {
  const title = unique("Brief the press office");
  await createTask(page, title);
  await page.goto(`/tasks?view=board&q=${encodeURIComponent(title)}`);
  await waitForInteractive(page);
  const card = page.locator("li[data-task]").filter({ hasText: title });
  await expect(column(page, "todo").getByRole("link", { name: title })).toBeVisible();

  await card.dragTo(column(page, "in_progress"));
  await expect(column(page, "in_progress").getByRole("link", { name: title })).toBeVisible();
  await expect(page.getByText(t("moved").replace("{{title}}", title))).toBeVisible();

  // The handle moves it one column on with the right arrow, and keeps the focus.
  const handle = page.getByRole("button", { name: t("board.moveHandle").replace("{{title}}", title) });
  await handle.focus();
  await page.keyboard.press("ArrowRight");
  await expect(column(page, "done").getByRole("link", { name: title })).toBeVisible();
  await expect(handle).toBeFocused();

  await page.reload();
  await expect(column(page, "done").getByRole("link", { name: title })).toBeVisible();
  await expect(column(page, "in_progress").getByRole("link", { name: title })).toHaveCount(0);
});

test("without JavaScript a task is created on its page and moved with its status menu", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: DEMO_STATE });
  const page = await context.newPage();
  const title = unique("Check the rumour");

  await page.goto("/tasks");
  await page.getByRole("link", { name: t("new") }).click();
  await expect(page).toHaveURL(/\/tasks\/new$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("create.title"));
  // Assigning someone outside the project is refused, and nothing typed is lost.
  await page.getByLabel(t("field.title")).fill(title);
  await page.getByLabel(t("field.project")).selectOption({ label: "TezPay" });
  await page.getByLabel(t("field.assignee")).selectOption({ label: "analyst@kuzatuv.local" });
  await page.getByRole("button", { name: t("create.submit") }).click();
  await expect(page.getByText(t("errors.assigneeNotMember"))).toBeVisible();
  await expect(page.getByLabel(t("field.title"))).toHaveValue(title);
  await page.getByLabel(t("field.assignee")).selectOption({ label: t("nobody") });
  await page.getByRole("button", { name: t("create.submit") }).click();
  await expect(page.locator(".noscript-toast")).toHaveText(t("created").replace("{{title}}", title));

  await page.goto(`/tasks?view=board&q=${encodeURIComponent(title)}`);
  await expect(column(page, "todo").getByRole("link", { name: title })).toBeVisible();
  const card = page.locator("li[data-task]").filter({ hasText: title });
  await card.getByLabel(t("board.statusOf").replace("{{title}}", title)).selectOption("backlog");
  await card.getByRole("button", { name: t("board.move") }).click();
  await expect(page).toHaveURL(/view=board/);
  await expect(column(page, "backlog").getByRole("link", { name: title })).toBeVisible();
  await expect(column(page, "todo").getByRole("link", { name: title })).toHaveCount(0);
  await context.close();
});

test("a task created from a mention links both ways", async ({ page }) => {
  await page.goto("/messages");
  const mention = await page.locator("[data-feed-item] a[data-open]").first().getAttribute("href");
  await page.goto(mention as string);
  await waitForInteractive(page);
  const title = unique("Answer this complaint");
  await page.locator("summary", { hasText: text("en", "messages:task.create") }).click();
  await page.getByLabel(text("en", "messages:task.title")).fill(title);
  await page.getByRole("button", { name: text("en", "messages:task.submit") }).click();

  const link = page.getByRole("link", { name: title });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}$/);
  const sheet = page.getByRole("dialog", { name: t("edit.title") });
  await expect(sheet.getByLabel(t("field.title"))).toHaveValue(title);
  await expect(sheet.getByLabel(t("field.mention"))).toHaveValue(/[0-9a-f-]{36}/);
  // The linked mention opens from the task.
  await sheet.locator('a[href^="/messages/"]').click();
  await expect(page).toHaveURL(new RegExp(`${mention}$`));
});
