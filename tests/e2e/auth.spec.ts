import { expect, type Page, test } from "@playwright/test";
import { DEMO, text, uniqueEmail } from "./support";

// These journeys start signed out.
test.use({ storageState: { cookies: [], origins: [] } });

const PASSWORD = "a long enough password";

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel(text("en", "auth:email")).fill(email);
  await page.getByLabel(text("en", "auth:password"), { exact: true }).fill(password);
  await page
    .getByRole("main")
    .getByRole("button", { name: text("en", "auth:signIn") })
    .click();
}

async function signUp(page: Page, email: string) {
  await page.goto("/sign-up");
  await page.getByLabel(text("en", "auth:email")).fill(email);
  await page.getByLabel(text("en", "auth:password"), { exact: true }).fill(PASSWORD);
  await page.getByLabel(text("en", "auth:confirmPassword")).fill(PASSWORD);
  await page
    .getByRole("main")
    .getByRole("button", { name: text("en", "auth:signUp") })
    .click();
  await expect(page).toHaveURL(/\/$/);
}

async function signOut(page: Page) {
  await page.getByLabel(text("en", "auth:userMenu")).click();
  await page.getByRole("button", { name: text("en", "auth:signOut") }).click();
}

test("sign up, land on the overview, sign out, sign in again with a redirect and arrive there", async ({ page }) => {
  const email = uniqueEmail("journey");
  await signUp(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "dashboard:title"));

  await signOut(page);
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2F$/);

  await page.goto("/integrations");
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fintegrations$/);
  await fillSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "pages:integrations.title"));
});

test("signs in and out with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/integrations");
  await fillSignIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/integrations$/);
  await page.getByLabel(text("en", "auth:userMenu")).click();
  await expect(page.getByText(DEMO.email)).toBeVisible();
  await page.getByRole("button", { name: text("en", "auth:signOut") }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2F$/);
  await context.close();
});

for (const target of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
  test(`redirect=${target} stays on our origin`, async ({ page, baseURL }) => {
    await page.goto(`/sign-in?redirect=${encodeURIComponent(target)}`);
    await fillSignIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(`${baseURL}/`);
  });
}

test("a wrong password shows the service's message and keeps the e-mail", async ({ page }) => {
  await page.goto("/sign-in");
  await fillSignIn(page, DEMO.email, "definitely wrong");
  await expect(page.getByRole("alert")).toHaveText("Invalid e-mail or password");
  await expect(page.getByLabel(text("en", "auth:email"))).toHaveValue(DEMO.email);
});

test("sign-up errors are per field and translated", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ru-RU" });
  const page = await context.newPage();
  await page.goto("/sign-up");
  await page.getByLabel(text("ru", "auth:email")).fill("not-an-email");
  await page.getByLabel(text("ru", "auth:password"), { exact: true }).fill("short");
  await page.getByLabel(text("ru", "auth:confirmPassword")).fill("other");
  await page
    .getByRole("main")
    .getByRole("button", { name: text("ru", "auth:signUp") })
    .click();
  await expect(page.getByText(text("ru", "auth:errors.emailInvalid"))).toBeVisible();
  await expect(page.getByText(text("ru", "auth:errors.passwordTooShort"))).toBeVisible();
  await expect(page.getByText(text("ru", "auth:errors.passwordsDontMatch"))).toBeVisible();
  await expect(page.getByLabel(text("ru", "auth:email"))).toHaveValue("not-an-email");
  await context.close();
});

test("the 6th rapid failed sign-in gets the rate-limit error", async ({ page, request }) => {
  const email = uniqueEmail("target");
  await request.post("/api/auth/signup", { data: { email, password: PASSWORD, confirmPassword: PASSWORD } });
  await page.goto("/sign-in");
  for (let attempt = 1; attempt <= 5; attempt++) {
    await fillSignIn(page, email, `wrong password ${attempt}`);
    await expect(page.getByRole("alert")).toHaveText(text("en", "auth:errors.invalidCredentials"));
  }
  await fillSignIn(page, email, PASSWORD);
  await expect(page.getByRole("alert")).toHaveText(text("en", "auth:errors.rateLimited"));
});

test("a revoked session is detected within one validation period", async ({ page, request }) => {
  const email = uniqueEmail("revoked");
  await signUp(page, email);

  // From elsewhere, the user changes their password: every other session of theirs is revoked.
  const other = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
  const { token } = (await other.json()).data;
  const changed = await request.post("/api/auth/password", {
    headers: { Authorization: `Bearer ${token}` },
    data: { currentPassword: PASSWORD, newPassword: `${PASSWORD} 2` },
  });
  expect(changed.ok()).toBe(true);

  // The e2e server checks tokens every 2 s (AUTH_REVALIDATE_SECONDS).
  await page.waitForTimeout(2200);
  await page.goto("/integrations");
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fintegrations$/);
  await expect(page.getByText(text("en", "errors:sessionExpired"))).toBeVisible();
});

test("the palette signs out", async ({ page }) => {
  await page.goto("/sign-in");
  await fillSignIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(page.getByRole("dialog")).toBeVisible({ timeout: 500 });
  }).toPass();
  await page.getByRole("dialog").getByPlaceholder(text("en", "common:typeCommand")).fill(text("en", "auth:signOut"));
  await page.getByRole("option", { name: text("en", "auth:signOut"), exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
});
