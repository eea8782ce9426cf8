// A keyboard-only journey (issue 37, WCAG 2.1.1 and 2.4.7, ADR 059): sign in, open the feed, open a mention,
// star it, make a task from it, change the language. No mouse: only Tab, Shift+Tab, Enter, Space and typing;
// and wherever focus lands on the way, the focused element shows it.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { newAccount, PASSWORD, text } from "./support";

const t = (key: string) => text("en", key);

/** Why the focused element's focus cannot be seen, or null when it can (an outline or a ring around it). */
async function focusProblem(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const describe = `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    const box = element.getBoundingClientRect();
    // A control drawn by its label (a visually hidden checkbox) shows focus on what is drawn.
    const drawn =
      box.width <= 1 && box.height <= 1 && element.id
        ? (document.querySelector(`label[for="${CSS.escape(element.id)}"]`) ?? element)
        : element;
    const style = getComputedStyle(drawn);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none";
    if (!outline && !ring) return `${describe}: no outline or ring when focused`;
    if (style.visibility === "hidden" || (box.width === 0 && box.height === 0 && drawn === element))
      return `${describe}: focused but not shown`;
    return null;
  });
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop that focus is visible. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 250 } = {}) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      expect(await focusProblem(page)).toBeNull();
      return;
    }
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    expect(await focusProblem(page)).toBeNull();
  }
  throw new Error(`Tab never reached ${target}`);
}

test("a keyboard alone signs in, opens a mention, stars it, makes a task and changes the language", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = await newAccount(browser, "admin");
  const context = await browser.newContext({ locale: "en-US", storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();

  // Sign in.
  await page.goto("/sign-in");
  await tabTo(page, page.getByLabel(t("auth:email")));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel(t("auth:password"), { exact: true }));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);

  // The feed, from the sidebar.
  await tabTo(page, page.getByRole("complementary").getByRole("link", { name: t("navigation:messages") }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.locator("[data-feed-item]").first()).toBeVisible();

  // A mention: focus moves to its heading in the side panel.
  const open = page.locator("[data-feed-item] a[data-open]").first();
  const title = ((await open.textContent()) ?? "").trim();
  await tabTo(page, open);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const panel = page.getByRole("complementary", { name: t("messages:mention.panel") });
  const heading = panel.getByRole("heading", { level: 2 });
  await expect(heading).toHaveText(title);
  await expect(heading).toBeFocused();
  expect(await focusProblem(page)).toBeNull();

  // Star it.
  const star = panel.getByRole("button", { name: t("messages:action.star"), exact: true });
  const unstar = panel.getByRole("button", { name: t("messages:action.unstar") });
  await tabTo(page, star);
  await page.keyboard.press("Space");
  await expect(unstar).toBeVisible();
  await expect(unstar).toHaveAttribute("aria-pressed", "true");

  // Make a task from it.
  await tabTo(page, panel.locator("summary", { hasText: t("messages:task.create") }));
  await page.keyboard.press("Enter");
  const taskTitle = `Call back the author ${Date.now().toString(36)}`;
  await tabTo(page, panel.getByLabel(t("messages:task.title")));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(taskTitle);
  await tabTo(page, panel.getByRole("button", { name: t("messages:task.submit") }));
  await page.keyboard.press("Enter");
  await expect(page.getByText(t("messages:task.created"))).toBeVisible();
  await expect(panel.getByRole("link", { name: taskTitle })).toBeVisible();
  // Still starred after the page came back.
  await expect(unstar).toBeVisible();

  // Change the language, from the header's menu (back up the page from where focus is).
  // Its name starts with the language it shows (WCAG 2.5.3).
  const languages = page.getByLabel(`English: ${t("common:language.change")}`, { exact: true });
  await tabTo(page, languages, { backwards: true });
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("button", { name: "Русский" }));
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole("complementary", { name: text("ru", "messages:mention.panel") }).getByRole("heading", {
      level: 2,
    }),
  ).toHaveText(title);
  await context.close();
});
