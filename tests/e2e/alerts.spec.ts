// Alerts reach people: the demo's unusual days are in the bell and on /notifications, each opening the
// feed of its project and day; marking read works with and without JavaScript; the overview's period.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { text, waitForInteractive } from "./support";

const bell = (page: Page) => page.getByTestId("notification-bell");

test("an alert shows in the bell and opens the feed of its project and day", async ({ page }) => {
  await page.goto("/");
  await waitForInteractive(page);
  const summary = bell(page).locator("summary");
  // The demo admin hears about every project: the badge counts what is unread.
  await expect(summary).toHaveAccessibleName(/\d+/);
  await summary.click();
  const first = bell(page).getByRole("listitem").first().getByRole("link");
  await expect(first).toContainText(/TezPay|Nurbank|Orzu/);
  const href = (await first.getAttribute("href")) ?? "";
  const [, project, day] = href.match(/^\/messages\?project=([0-9a-f-]{36})&from=(\d{4}-\d{2}-\d{2})&to=\2$/) ?? [];
  expect(project, href).toBeTruthy();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/messages\\?project=${project}&from=${day}&to=${day}$`));
  await expect(bell(page)).not.toHaveAttribute("open");
  // The feed opens filtered to that day (its period filter says so).
  await expect(page.getByLabel(text("en", "messages:period.from"))).toHaveValue(day as string);
  await expect(page.getByLabel(text("en", "messages:period.to"), { exact: true })).toHaveValue(day as string);
});

async function signedIn(browser: Browser, email: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("kuzatuv-demo");
  await page.getByRole("main").getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  return { context, page };
}

test("without JavaScript, /notifications lists alerts and marks one, then all, read", async ({ browser }) => {
  const { context, page } = await signedIn(browser, "manager@kuzatuv.local", false);
  await page.goto("/notifications");
  // Other journeys add mentions meanwhile, so new alerts may arrive: the checks follow the alerts seen first.
  const list = page.getByRole("main").getByRole("listitem");
  const markOne = page.getByRole("button", { name: text("en", "dashboard:notifications.markRead") });
  const newPrefix = `${text("en", "dashboard:notifications.new")}: `;
  const unreadTexts = (await list.filter({ has: markOne }).getByRole("link").allTextContents()).map((t) =>
    t.replace(newPrefix, ""),
  );
  expect(unreadTexts.length).toBeGreaterThan(1);
  const item = (alert: string) => list.filter({ hasText: alert });
  await item(unreadTexts[0] as string)
    .getByRole("button", { name: text("en", "dashboard:notifications.markRead") })
    .click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(item(unreadTexts[0] as string).getByRole("button")).toHaveCount(0);
  await expect(item(unreadTexts[1] as string).getByRole("button")).toHaveCount(1);
  await page.getByRole("button", { name: text("en", "dashboard:notifications.markAllRead") }).click();
  for (const alert of unreadTexts) {
    // Read, and still listed.
    await expect(item(alert)).toHaveCount(1);
    await expect(item(alert).getByRole("button")).toHaveCount(0);
  }
  // The bell counts exactly what the page still shows as unread (nothing, unless an alert just arrived).
  const left = await markOne.count();
  await expect(bell(page).locator("summary")).toHaveAccessibleName(
    left === 0
      ? text("en", "dashboard:notifications.bell")
      : text("en", "dashboard:notifications.unread_other").replace("{{count}}", String(left)),
  );
  await context.close();
});

test("with JavaScript, marking read in the bell leaves the page where it is", async ({ browser }) => {
  const { context, page } = await signedIn(browser, "analyst@kuzatuv.local", true);
  await page.goto("/projects");
  await waitForInteractive(page);
  const summary = bell(page).locator("summary");
  const name = (await summary.getAttribute("aria-label")) ?? "";
  const count = Number(name.match(/\d+/)?.[0] ?? 0);
  expect(count).toBeGreaterThan(0);
  await summary.click();
  const markRead = page.getByRole("button", { name: text("en", "dashboard:notifications.markRead") });
  const unread = bell(page).getByRole("listitem").filter({ has: markRead });
  const newPrefix = `${text("en", "dashboard:notifications.new")}: `;
  const alert = ((await unread.first().getByRole("link").textContent()) ?? "").replace(newPrefix, "");
  await unread
    .first()
    .getByRole("button", { name: text("en", "dashboard:notifications.markRead") })
    .click();
  // That alert is read now; other journeys may add alerts meanwhile, so the count is checked loosely.
  const item = bell(page).getByRole("listitem").filter({ hasText: alert });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("button")).toHaveCount(0);
  const after = Number(((await summary.getAttribute("aria-label")) ?? "").match(/\d+/)?.[0] ?? 0);
  expect(after).toBeLessThanOrEqual(count);
  await expect(page).toHaveURL(/\/projects$/);
  await context.close();
});

test("the overview's period is a GET form: 7 days puts ?period=7 in the URL and draws 7 days", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: text("en", "dashboard:period.days_other").replace("{{count}}", "7") }).click();
  await expect(page).toHaveURL(/\?period=7$/);
  const volume = page.getByRole("region", { name: text("en", "dashboard:volume") });
  await expect(volume.locator("tbody th")).toHaveCount(7);
  await expect(
    page.getByRole("button", { name: text("en", "dashboard:period.days_other").replace("{{count}}", "7") }),
  ).toHaveAttribute("aria-pressed", "true");
});
