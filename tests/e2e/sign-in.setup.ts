import { expect, test as setup } from "@playwright/test";
import { DEMO_STATE } from "../../playwright.config";
import { DEMO } from "./support";

setup("sign in as the demo admin", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("main").getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.context().storageState({ path: DEMO_STATE });
});
