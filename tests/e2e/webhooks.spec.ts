// A project's outgoing webhooks without JavaScript (ADR 045): an admin adds a URL and sees its secret once,
// a bad URL comes back with the error and what was typed, and the endpoint can be deleted.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { DEMO_STATE } from "../../playwright.config";
import { text } from "./support";

test("an admin adds a webhook to a project without JavaScript, sees its secret once, then deletes it", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: DEMO_STATE });
  const page = await context.newPage();
  await page.goto("/projects");
  await page.getByRole("link", { name: "TezPay" }).first().click();
  await page.getByRole("link", { name: text("en", "projects:webhooks.open") }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}\/webhooks$/);

  const url = page.getByLabel(text("en", "projects:webhooks.url"));
  await url.fill("ftp://hooks.example/kuzatuv");
  await page.getByLabel(text("en", "projects:webhooks.format")).selectOption("json");
  await page.getByRole("button", { name: text("en", "projects:webhooks.add") }).click();
  await expect(page.getByText(text("en", "projects:webhooks.errors.bad_url"))).toBeVisible();
  await expect(url).toHaveValue("ftp://hooks.example/kuzatuv");
  await expect(page.getByLabel(text("en", "projects:webhooks.format"))).toHaveValue("json");

  // The e2e server may call loopback (COLLECTOR_ALLOW_PRIVATE=1); nothing listens on port 9.
  const hook = `http://127.0.0.1:9/kuzatuv/${Date.now().toString(36)}`;
  await url.fill(hook);
  await page.getByRole("button", { name: text("en", "projects:webhooks.add") }).click();
  const secret = page.getByRole("status").filter({ hasText: text("en", "projects:webhooks.secretTitle") });
  await expect(secret.locator("code")).toHaveText(/^[\w-]{43}$/);
  const endpoint = page.locator("div.rounded-xl").filter({ hasText: hook });
  await expect(endpoint.getByText(text("en", "projects:webhooks.noDeliveries"))).toBeVisible();
  // axe needs scripts: the same page in a browser with JavaScript.
  const checker = await browser.newContext({ storageState: DEMO_STATE });
  const checked = await checker.newPage();
  await checked.goto(page.url());
  const axe = await new AxeBuilder({ page: checked }).analyze();
  expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
  await checker.close();

  // Shown once: not on the next visit.
  await page.goto(page.url());
  await expect(page.getByText(text("en", "projects:webhooks.secretTitle"))).toHaveCount(0);
  await endpoint.getByRole("button", { name: text("en", "projects:webhooks.delete") }).click();
  await expect(page.locator(".noscript-toast")).toHaveText(text("en", "projects:webhooks.deleted"));
  await expect(page.getByText(hook)).toHaveCount(0);
  await context.close();
});
