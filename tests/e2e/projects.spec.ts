import { expect, test } from "@playwright/test";
import { DEMO_STATE } from "../../playwright.config";
import { text } from "./support";

test("an admin creates a project without JavaScript, edits it, switches to it and deletes it", async ({ browser }) => {
  // Six page loads without JavaScript: ~20 s on an idle machine. Should it run out of time on a busy one, the
  // demo admin would stay switched to the empty project and the feed journeys after it would find no mention.
  test.slow();
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: DEMO_STATE });
  const page = await context.newPage();
  const name = `Qovun ${Date.now().toString(36)}`;

  await page.goto("/projects");
  await page.getByRole("link", { name: text("en", "projects:new") }).click();
  await expect(page).toHaveURL(/\/projects\/create$/);

  // A mistake first: everything typed comes back with the error.
  await page.getByLabel(text("en", "projects:form.name")).fill(name);
  await page.getByLabel(text("en", "projects:form.description")).fill("Melon exporters");
  await page.getByRole("button", { name: text("en", "projects:create.submit") }).click();
  await expect(page.getByText(text("en", "projects:errors.keywordsRequired"))).toBeVisible();
  await expect(page.getByLabel(text("en", "projects:form.name"))).toHaveValue(name);
  await expect(page.getByLabel(text("en", "projects:form.description"))).toHaveValue("Melon exporters");

  await page.getByLabel(text("en", "projects:form.keywords")).fill("Qovun\nҚовун, qovun");
  await page.getByLabel("Русский").check();
  await page.getByRole("button", { name: text("en", "projects:create.submit") }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.locator(".noscript-toast")).toHaveText(text("en", "projects:created").replace("{{name}}", name));
  const rules = page.getByRole("region", { name: text("en", "projects:detail.rules") });
  await expect(rules.getByText("Қовун")).toBeVisible();
  await expect(rules.getByText("Русский")).toBeVisible();

  await page.getByRole("link", { name: text("en", "projects:detail.edit") }).click();
  await page.getByLabel(text("en", "projects:form.excludedWords")).fill("vakansiya");
  await page.getByRole("button", { name: text("en", "projects:edit.submit") }).click();
  await expect(rules.getByText("vakansiya")).toBeVisible();

  await page.getByRole("button", { name: text("en", "projects:detail.pause") }).click();
  await expect(page.getByText(text("en", "projects:detail.pausedHint"))).toBeVisible();

  // The switcher: choose the new project; the sidebar says so on every page.
  await page.locator("summary.workspace").click();
  await page.getByRole("button", { name }).click();
  await expect(page.locator("summary.workspace")).toContainText(name);
  await page.goto("/integrations");
  await expect(page.locator("summary.workspace")).toContainText(name);

  await page.goBack();
  await page.goto(page.url());
  await page.getByText(text("en", "projects:delete.start")).click();
  await page.getByLabel(text("en", "projects:delete.confirmLabel").replace("{{name}}", name)).fill("wrong");
  await page.getByRole("button", { name: text("en", "projects:delete.submit") }).click();
  await expect(page.getByText(text("en", "projects:errors.confirmName"))).toBeVisible();
  await page.getByLabel(text("en", "projects:delete.confirmLabel").replace("{{name}}", name)).fill(name);
  await page.getByRole("button", { name: text("en", "projects:delete.submit") }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  await expect(page.locator("summary.workspace")).toContainText(text("en", "projects:switcher.all"));
  await context.close();
});

test("a viewer sees only their projects, read-only, and someone else's project is a 404", async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel(text("en", "auth:email")).fill("viewer@kuzatuv.local");
  await page.getByLabel(text("en", "auth:password"), { exact: true }).fill("kuzatuv-demo");
  await page
    .getByRole("main")
    .getByRole("button", { name: text("en", "auth:signIn") })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/projects?view=cards");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(["TezPay"]);
  await expect(page.getByRole("link", { name: text("en", "projects:new") })).toHaveCount(0);
  await page.getByRole("link", { name: "TezPay" }).click();
  await expect(page.getByRole("link", { name: text("en", "projects:detail.edit") })).toHaveCount(0);
  await expect(page.getByText(text("en", "projects:delete.title"))).toHaveCount(0);

  const admin = await browser.newContext({ storageState: DEMO_STATE });
  const adminPage = await admin.newPage();
  await adminPage.goto("/projects");
  await adminPage.getByRole("link", { name: "Orzu Bank" }).click();
  await adminPage.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
  const orzu = adminPage.url();
  const response = await page.goto(orzu);
  expect(response?.status()).toBe(404);
  await admin.close();
  await context.close();
});
