import { expect, type Page, test } from "@playwright/test";
import { newUserContext, PASSWORD, text, waitForInteractive } from "./support";

async function signOutAndIn(page: Page, email: string) {
  await page
    .getByLabel(text("en", "auth:userMenu"))
    .or(page.getByLabel(text("ru", "auth:userMenu")))
    .click();
  await page.locator('form[action="/sign-out"] button').click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('main button[type="submit"]').click();
  await expect(page).toHaveURL(/\/$/);
}

for (const javaScriptEnabled of [false, true]) {
  const mode = javaScriptEnabled ? "JavaScript on" : "JavaScript off";

  test(`theme and language from Settings persist across reloads and sign-in (${mode})`, async ({ browser }) => {
    const { context, email } = await newUserContext(browser, { javaScriptEnabled, colorScheme: "light" });
    const page = await context.newPage();

    await page.goto("/settings/appearance");
    if (javaScriptEnabled) await waitForInteractive(page);
    await page.getByRole("button", { name: text("en", "common:theme.dark") }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("button", { name: text("en", "common:theme.dark") })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    await page.goto("/settings/account");
    await page.getByLabel(text("en", "settings:account.language")).selectOption("ru");
    await page.getByRole("button", { name: text("en", "settings:account.applyLanguage") }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page).toHaveURL(/\/settings\/account$/);

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);

    await signOutAndIn(page, email);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ru", "dashboard:title"));
    await context.close();
  });

  test(`notifications save and show the saved toast (${mode})`, async ({ browser }) => {
    const { context } = await newUserContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/settings/notifications");
    if (javaScriptEnabled) await waitForInteractive(page);
    await page.getByLabel(text("en", "settings:notifications.notify.none")).check();
    await page.getByRole("switch", { name: text("en", "settings:notifications.marketingEmails") }).check();
    await expect(
      page.getByRole("switch", { name: text("en", "settings:notifications.securityEmails") }),
    ).toBeDisabled();
    await page.getByRole("button", { name: text("en", "settings:save") }).click();
    // Without JavaScript the toast is printed in <noscript> (which Playwright's text search skips).
    const toast = javaScriptEnabled
      ? page.getByText(text("en", "settings:preferences.updateSuccess"))
      : page.locator(".noscript-toast");
    await expect(toast).toHaveText(text("en", "settings:preferences.updateSuccess"));
    await page.reload();
    await expect(page.getByLabel(text("en", "settings:notifications.notify.none"))).toBeChecked();
    await expect(
      page.getByRole("switch", { name: text("en", "settings:notifications.marketingEmails") }),
    ).toBeChecked();
    await context.close();
  });
}

test("an invalid value is refused with a translated field error, without JavaScript", async ({ browser }) => {
  const { context } = await newUserContext(browser, { javaScriptEnabled: false, locale: "ru-RU" });
  const page = await context.newPage();
  await page.goto("/settings");
  await page.getByLabel(text("ru", "settings:profile.bio")).evaluate((el) => el.removeAttribute("maxlength"));
  await page.getByLabel(text("ru", "settings:profile.bio")).fill("x".repeat(501));
  await page.getByRole("button", { name: text("ru", "settings:save") }).click();
  await expect(page.getByText(text("ru", "settings:errors.bioTooLong"))).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByLabel(text("ru", "settings:profile.bio"))).toHaveValue("");
  await context.close();
});

test("a slow save shows the new value at once, before the server answers", async ({ browser }) => {
  const { context } = await newUserContext(browser, { timezoneId: "Asia/Tashkent" });
  const page = await context.newPage();
  await page.goto("/settings/account");
  await waitForInteractive(page);
  const preview = page.getByTestId("format-preview").locator("output");
  await expect(preview).toHaveText("Mar 21, 2026, 19:05");

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/settings/account.data*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByLabel(text("en", "settings:account.dateFormat")).selectOption("iso");
  await page.getByLabel(text("en", "settings:account.clock")).selectOption("12");
  await page.getByRole("button", { name: text("en", "settings:save") }).click();
  // The response is still held back: this is the optimistic value.
  await expect(page.getByRole("button", { name: text("en", "settings:saving") })).toBeVisible();
  await expect(preview).toHaveText(/^2026-03-21 7:05\sPM$/);
  release();
  await expect(page.getByText(text("en", "settings:preferences.updateSuccess"))).toBeVisible();
  await expect(page.getByRole("button", { name: text("en", "settings:save") })).toBeVisible();
  await page.reload();
  await expect(preview).toHaveText(/^2026-03-21 7:05\sPM$/);
  await context.close();
});

test("the time zone is chosen from the grouped list without JavaScript, and the page comes back at that section", async ({
  browser,
}) => {
  const { context } = await newUserContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/settings/account");
  const zone = page.getByLabel(text("en", "settings:account.timezone"));
  await expect(zone).toHaveValue("UTC");
  // Grouped by region, labelled by city and offset.
  await expect(zone.locator(`optgroup[label="${text("en", "settings:account.regions.Asia")}"]`)).toContainText(
    "Tashkent (UTC+05:00)",
  );
  await zone.selectOption("Asia/Tashkent");
  await page.getByRole("button", { name: text("en", "settings:save") }).click();
  await expect(page).toHaveURL(/\/settings\/account#date-time$/);
  await expect(zone).toHaveValue("Asia/Tashkent");
  await expect(page.getByTestId("format-preview").locator("output")).toHaveText("Mar 21, 2026, 19:05");
  await context.close();
});

test("when the browser is in another zone than the saved one, one click switches to it", async ({ browser }) => {
  const { context } = await newUserContext(browser, { timezoneId: "Asia/Tashkent" });
  const page = await context.newPage();
  await page.goto("/settings/account");
  const zone = page.getByLabel(text("en", "settings:account.timezone"));
  // The account started in the browser's zone: nothing to suggest.
  await expect(zone).toHaveValue("Asia/Tashkent");
  const useZone = page.getByRole("button", { name: /^Use Tashkent$/ });
  await expect(useZone).toHaveCount(0);

  await waitForInteractive(page);
  await zone.selectOption("Europe/Berlin");
  await page.getByRole("button", { name: text("en", "settings:save") }).click();
  await expect(page.getByText(text("en", "settings:preferences.updateSuccess"))).toBeVisible();
  await expect(useZone).toBeVisible();
  await useZone.click();
  await expect(useZone).toHaveCount(0);
  await expect(zone).toHaveValue("Asia/Tashkent");
  await page.reload();
  await expect(zone).toHaveValue("Asia/Tashkent");
  await context.close();
});

test("a settings save keeps the page where it was", async ({ browser }) => {
  const { context } = await newUserContext(browser, { viewport: { width: 1280, height: 600 } });
  const page = await context.newPage();
  await page.goto("/settings/account");
  await waitForInteractive(page);
  const save = page.locator("#date-time").getByRole("button", { name: text("en", "settings:save") });
  await save.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const before = await page.evaluate(() => window.scrollY);
  await page.getByLabel(text("en", "settings:account.clock")).selectOption("12");
  await save.click();
  await expect(page.getByText(text("en", "settings:preferences.updateSuccess"))).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  await context.close();
});

test("settings pages show their sections as tabs only where the sidebar does not list them", async ({ browser }) => {
  const { context } = await newUserContext(browser, { viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  await page.goto("/settings");
  const tabs = page.getByRole("navigation", { name: text("en", "settings:sections") });
  await expect(tabs).toBeVisible(); // a phone: the sidebar is a closed drawer
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(tabs).toBeHidden(); // the sidebar lists them
  await page.getByRole("button", { name: text("en", "common:sidebar.collapse") }).click();
  await expect(tabs).toBeVisible(); // a collapsed sidebar shows only icons
  await context.close();
});

test("on a 1280×800 screen the sidebar's last item can be scrolled to and clicked, clear of its footer", async ({
  browser,
}) => {
  const { context } = await newUserContext(browser, { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto("/settings"); // the Settings group is open: the longest sidebar
  const last = page.locator(".sidebar-nav").getByRole("link", { name: text("en", "navigation:helpCenter") });
  await last.scrollIntoViewIfNeeded();
  // What is drawn at the link's centre is the link itself, not the footer over it.
  const onTop = await last.evaluate((link) => {
    const box = link.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && link.contains(hit) && box.bottom <= window.innerHeight;
  });
  expect(onTop).toBe(true);
  await last.click();
  await expect(page).toHaveURL(/\/help-center$/);
  await context.close();
});

test("a font applies at once, like the theme: the appearance page has no separate Save", async ({ browser }) => {
  const { context } = await newUserContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/settings/appearance");
  await expect(page.getByRole("button", { name: text("en", "settings:save") })).toHaveCount(0);
  const noto = page.getByRole("button", { name: text("en", "settings:appearance.fonts.noto-sans") });
  await noto.click();
  await expect(page).toHaveURL(/\/settings\/appearance#font$/);
  await page.reload();
  await expect(noto).toHaveAttribute("aria-pressed", "true");
  await context.close();
});
