import { expect, type Page, test } from "@playwright/test";
import { DEMO_STATE } from "../../playwright.config";
import { PASSWORD, text, uniqueEmail, waitForInteractive } from "./support";

const en = (key: string) => text("en", key);

/** Fills and sends the new-user form as the signed-in admin; returns the one-time password. */
async function createUser(page: Page, email: string, role: string, project?: string) {
  await page.goto("/users/new");
  await page.getByLabel(en("users:form.email")).fill(email);
  await page.getByRole("checkbox", { name: en("auth:roles.viewer") }).uncheck();
  await page.getByRole("checkbox", { name: role }).check();
  if (project)
    await page
      .getByRole("group", { name: en("users:form.projects") })
      .getByLabel(project)
      .check();
  await page.getByRole("button", { name: en("users:create.submit") }).click();
  const password = page.getByTestId("one-time-password");
  await expect(password).toBeVisible();
  return (await password.textContent()) as string;
}

test("an admin creates a user who signs in with the one-time password, sees only their project, and is cut off at once", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await page.goto("/projects");
  const projectName = (await page.locator("tbody th a").first().textContent()) as string;
  const email = uniqueEmail("member");
  await waitForInteractive(page);
  const password = await createUser(page, email, en("auth:roles.analyst"), projectName);

  const user = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const userPage = await user.newPage();
  await userPage.goto("/sign-in");
  await userPage.getByLabel(en("auth:email")).fill(email);
  await userPage.getByLabel(en("auth:password")).fill(password);
  await userPage.getByRole("button", { name: en("auth:signIn") }).click();
  // First their own password: nothing else opens until then.
  await expect(userPage).toHaveURL(/\/settings\/account#password$/);
  await expect(userPage.getByText(en("settings:password.mustChange"))).toBeVisible();
  await userPage.getByLabel(en("settings:password.current")).fill(password);
  await userPage.getByLabel(en("settings:password.new"), { exact: true }).fill(PASSWORD);
  await userPage.getByLabel(en("settings:password.confirm")).fill(PASSWORD);
  await userPage.getByRole("button", { name: en("settings:password.submit") }).click();
  await expect(userPage).toHaveURL(/\/$/);
  await userPage.goto("/projects");
  await expect(userPage.locator("tbody tr")).toHaveCount(1);
  await expect(userPage.locator("tbody th")).toHaveText(projectName);

  // The user has a page open; the admin deactivates them.
  await userPage.goto("/settings/account");
  await waitForInteractive(userPage);
  await page.goto(`/users?${new URLSearchParams({ q: email })}`);
  await waitForInteractive(page);
  await page.getByRole("link", { name: email.split("@")[0] }).click();
  await expect(page).toHaveURL(/\/users\/[\w-]{36}$/);
  await page.getByRole("button", { name: en("users:accountStatus.deactivate") }).click();
  await expect(page.getByText(en("users:toasts.deactivated"))).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: en("users:history.title") })
      .getByRole("listitem")
      .first(),
  ).toContainText(en("users:history.actions.deactivated"));

  // Their open page's next action is refused: they land on sign-in.
  await userPage.getByRole("button", { name: text("en", "settings:save") }).click();
  await expect(userPage).toHaveURL(/\/sign-in/);
  await user.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, storageState: DEMO_STATE });

  test("create, edit, deactivate and delete a user with plain forms", async ({ page }) => {
    const email = uniqueEmail("plain");
    await page.goto("/users/new");
    await page.getByLabel(en("users:form.email")).fill(email);
    await page.getByRole("checkbox", { name: en("auth:roles.viewer") }).uncheck();
    await page.getByRole("button", { name: en("users:create.submit") }).click();
    await expect(page.getByText(en("users:errors.roleRequired"))).toBeVisible();
    await expect(page.getByLabel(en("users:form.email"))).toHaveValue(email);

    await page.getByRole("checkbox", { name: en("auth:roles.manager") }).check();
    await page.getByRole("button", { name: en("users:create.submit") }).click();
    await expect(page.getByTestId("one-time-password")).toHaveText(/^[\w-]{16}$/);
    await page.getByRole("link", { name: en("users:created.open") }).click();

    await page.getByRole("checkbox", { name: en("auth:roles.analyst") }).check();
    await page.getByRole("button", { name: en("users:form.save") }).click();
    // Without JavaScript the toast is printed in <noscript>.
    const toast = page.locator(".noscript-toast");
    await expect(toast).toHaveText(en("users:toasts.saved"));
    await expect(page.getByRole("checkbox", { name: en("auth:roles.analyst") })).toBeChecked();

    await page.getByRole("button", { name: en("users:accountStatus.deactivate") }).click();
    await expect(toast).toHaveText(en("users:toasts.deactivated"));

    await page.getByText(en("users:delete.start")).click();
    const confirm = page.getByLabel(en("users:delete.confirmLabel").replace("{{email}}", email));
    await confirm.fill("someone-else@example.com");
    await page.getByRole("button", { name: en("users:delete.submit") }).click();
    await expect(page.getByText(en("users:errors.confirmEmail"))).toBeVisible();
    await page.getByLabel(en("users:delete.confirmLabel").replace("{{email}}", email)).fill(email);
    await page.getByRole("button", { name: en("users:delete.submit") }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(toast).toHaveText(en("users:toasts.deleted").replace("{{email}}", email));
  });
});
