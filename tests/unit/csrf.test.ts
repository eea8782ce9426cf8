// The one same-origin check (ADR 058): first in the root's middleware, for page actions and resource routes
// alike, by Sec-Fetch-Site, else Origin, else Referer; addresses under /api/ take posts from other programs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { tasks } from "~/db/schema";
import { middleware as rootMiddleware } from "~/root";
import { middleware as appMiddleware } from "~/routes/_app";
import { action as newTaskAction } from "~/routes/_app.tasks.new";
import { action as telegramAction } from "~/routes/api.telegram.webhook";
import { action as localeAction } from "~/routes/resources.locale";
import { action as signInAction } from "~/routes/sign-in._index";
import { api, authServiceForFile } from "../support/auth-service";
import { aProject, openTestDatabase } from "../support/builders";
import { callRoute, cookieFrom, formPost, ORIGIN, statusOf } from "../support/route";

const auth = authServiceForFile();
let database: DatabaseHandle;
let cookie: string;
let projectId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  projectId = (await aProject(database)).id;
  const account = { email: "owner@example.com", password: "owner-password" };
  await api(auth.url, "/signup", { body: { ...account, confirmPassword: account.password } });
  const signedIn = await callRoute(
    signInAction,
    formPost("/sign-in?index", { ...account, redirect: "/" }),
    rootMiddleware as never[],
  );
  cookie = cookieFrom(signedIn as Response, "__session");
});
afterAll(() => database.close());

const root = rootMiddleware as never[];
const page = [...rootMiddleware, ...appMiddleware] as never[];
/** What the route answered, or what the middleware threw (a refusal is the root's `data()` error). */
const run = (handler: unknown, request: Request, middleware: never[]) =>
  callRoute(handler as never, request, middleware).catch((thrown: unknown) => thrown) as Promise<Response>;

/** A task posted to /tasks/new by the signed-in admin's browser, with the given headers besides the cookie. */
async function postTask(title: string, headers: Record<string, string>) {
  const request = new Request(`${ORIGIN}/tasks/new`, {
    method: "POST",
    body: new URLSearchParams({ title, status: "todo", priority: "medium", projectId }),
    headers: { Cookie: cookie, ...headers },
  });
  return run(newTaskAction, request, page);
}
const taskTitles = async () => (await database.db.select({ title: tasks.title }).from(tasks)).map((t) => t.title);

/** POST /resources/locale with the given headers only. */
async function postLocale(headers: Record<string, string>) {
  const request = new Request(`${ORIGIN}/resources/locale`, {
    method: "POST",
    body: new URLSearchParams({ lng: "ru", redirectTo: "/projects" }),
    headers,
  });
  return run(localeAction, request, root);
}

const REFUSED: Record<string, string>[] = [
  { "Sec-Fetch-Site": "cross-site" },
  { "Sec-Fetch-Site": "cross-site", Referer: `${ORIGIN}/tasks` },
  { Referer: "https://evil.example/page" },
  { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
  { Origin: "https://evil.example" },
  { Origin: "http://localhost:3001" },
  { Origin: "null" },
  { Origin: "http://evil.localhost:3000", "Sec-Fetch-Site": "same-site" },
  {},
];

describe("a page action (POST /tasks/new, signed in)", () => {
  it("creates the task from a same-origin form, with or without Sec-Fetch-Site, or by its Referer alone", async () => {
    const accepted: Record<string, string>[] = [
      { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
      { Origin: ORIGIN },
      { "Sec-Fetch-Site": "same-origin" },
      { Referer: `${ORIGIN}/tasks` },
    ];
    for (const [i, headers] of accepted.entries()) {
      const response = await postTask(`same-origin ${i}`, headers);
      expect(statusOf(response), JSON.stringify(headers)).toBe(302);
    }
    expect(await taskTitles()).toEqual(expect.arrayContaining([0, 1, 2, 3].map((i) => `same-origin ${i}`)));
  });

  it("refuses a post without a same-origin Origin, by its Sec-Fetch-Site or Referer, and creates nothing", async () => {
    for (const [i, headers] of REFUSED.entries()) {
      const refused = await postTask(`forged ${i}`, headers);
      expect(statusOf(refused), JSON.stringify(headers)).toBe(403);
    }
    expect((await taskTitles()).filter((t) => t.startsWith("forged"))).toEqual([]);
  });
});

describe("a resource route (POST /resources/locale)", () => {
  it("accepts a same-origin post by Sec-Fetch-Site, by Origin when that is dropped, or by Referer", async () => {
    const accepted: Record<string, string>[] = [
      { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
      { Origin: ORIGIN },
      { Referer: `${ORIGIN}/settings` },
    ];
    for (const headers of accepted) {
      const response = await postLocale(headers);
      expect(response.status, JSON.stringify(headers)).toBe(302);
      expect(response.headers.get("Location")).toBe("/projects");
      expect(response.headers.get("Set-Cookie")).toMatch(/lng=/);
    }
  });

  it("refuses the same posts a page refuses, and sets nothing", async () => {
    for (const headers of REFUSED) {
      const response = await postLocale(headers);
      expect(statusOf(response), JSON.stringify(headers)).toBe(403);
      expect(response instanceof Response && response.headers.has("Set-Cookie"), JSON.stringify(headers)).toBe(false);
    }
  });
});

describe("addresses for other programs (/api/)", () => {
  it("take posts with no Origin, Sec-Fetch-Site or Referer: their own secret decides", async () => {
    const request = new Request(`${ORIGIN}/api/telegram/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": "x" },
      body: JSON.stringify({ update_id: 1 }),
    });
    // No webhook secret is configured: the route itself answers 404, the check let it through.
    expect(statusOf(await run(telegramAction, request, root))).toBe(404);
  });
});
