import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContextOptions, expect, type Page, test } from "@playwright/test";

type Tree = { [key: string]: string | Tree };

/** A string from the project's own locale files, so tests follow the translations. */
export function text(lng: string, nsAndKey: string): string {
  const [ns, key] = nsAndKey.split(":") as [string, string];
  const tree = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, "../../locales", lng, `${ns}.json`), "utf8"),
  ) as Tree;
  const value = key
    .split(".")
    .reduce<string | Tree | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), tree);
  if (typeof value !== "string") throw new Error(`no string ${lng}/${nsAndKey}`);
  return value;
}

/** Waits until the page is hydrated: the command palette opens on Ctrl+K (then closes it again). */
export async function waitForInteractive(page: Page) {
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(page.getByRole("dialog")).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
}

/** Created by the server on a new embedded workspace outside production (see server/main.ts). */
export const DEMO = { email: "demo@kuzatuv.local", password: "kuzatuv-demo" };

let counter = 0;
/** An e-mail no other test uses. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;
}

export const PASSWORD = "a long enough password";

/**
 * A browser context signed in as a brand-new user (its preferences start from this context's
 * language, time zone and theme), so a test can change settings without touching anyone else.
 */
export async function newUserContext(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ ...options, storageState: { cookies: [], origins: [] } });
  const email = uniqueEmail("e2e");
  const baseURL = test.info().project.use.baseURL as string;
  // Like a person, see the sign-up page first: it tells the server the browser's time zone.
  const page = await context.newPage();
  await page.goto(`${baseURL}/sign-up`);
  await page.close();
  const response = await context.request.post(`${baseURL}/sign-up?index`, {
    headers: { Origin: baseURL },
    form: { email, password: PASSWORD, confirmPassword: PASSWORD, redirect: "/" },
    maxRedirects: 0,
  });
  expect(response.status(), "sign-up redirects").toBe(302);
  return { context, email };
}

/**
 * A browser context signed in as an admin of their own with every project (so each table has rows), whose
 * language and theme start from the context's locale and colour scheme.
 */
export async function adminContext(browser: Browser, options: BrowserContextOptions = {}) {
  const baseURL = test.info().project.use.baseURL as string;
  const email = await newAccount(browser, "admin");
  const context = await browser.newContext({ ...options, storageState: { cookies: [], origins: [] } });
  // Like a person, see the sign-in page first: it tells the server the browser's time zone.
  const page = await context.newPage();
  await page.goto(`${baseURL}/sign-in`);
  await page.close();
  const response = await context.request.post(`${baseURL}/sign-in?index`, {
    headers: { Origin: baseURL },
    form: { email, password: PASSWORD, redirect: "/" },
    maxRedirects: 0,
  });
  expect(response.status(), "sign-in redirects").toBe(302);
  return context;
}

/** A new account with `role`, made by the demo admin through the auth service; by default in the admin's projects. */
export async function newAccount(browser: Browser, role: string, projectIds?: string[]) {
  const baseURL = test.info().project.use.baseURL as string;
  const auth = `${baseURL}/api/auth`;
  const api = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const login = await (await api.request.post(`${auth}/login`, { data: DEMO })).json();
  const email = uniqueEmail(role);
  const created = await api.request.post(`${auth}/users`, {
    headers: { Authorization: `Bearer ${login.data.token}` },
    data: { email, password: PASSWORD, roles: [role], projectIds: projectIds ?? login.data.user.projectIds },
  });
  expect(created.status(), `the auth service creates the ${role}`).toBe(201);
  await api.close();
  return email;
}

/** A page of a browser without JavaScript, signed in through the sign-in form as a new manager of one project. */
export async function managerWithoutScript(browser: Browser, projectId: string) {
  const email = await newAccount(browser, "manager", [projectId]);
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });
  const manager = await context.newPage();
  await manager.goto("/sign-in");
  await manager.getByLabel(text("en", "auth:email")).fill(email);
  await manager.getByLabel(text("en", "auth:password"), { exact: true }).fill(PASSWORD);
  await manager.getByLabel(text("en", "auth:password"), { exact: true }).press("Enter");
  await expect(manager).not.toHaveURL(/sign-in/);
  return manager;
}
