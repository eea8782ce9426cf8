import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "~/core/auth-contract";
import type { DatabaseHandle } from "~/db/client.server";
import { usersTable } from "~/features/users/list";
import { usersTablePage } from "~/features/users/list.server";

import { middleware as rootMiddleware } from "~/root";
import { middleware as appMiddleware } from "~/routes/_app";
import { loader as projectLoader } from "~/routes/_app.projects.$projectId";
import { action as membersAction } from "~/routes/_app.projects.$projectId.members";
import { action as accountAction, loader as accountLoader } from "~/routes/_app.settings.account";
import { loader as usersLoader } from "~/routes/_app.users._index";
import { action as userAction } from "~/routes/_app.users.$userId";
import { action as newUserAction } from "~/routes/_app.users.new";
import { action as signInAction } from "~/routes/sign-in._index";
import { parseTableState } from "~/ui/data-table/parse";
import { api, authServiceForFile } from "../support/auth-service";
import { aProject, openTestDatabase } from "../support/builders";
import { callRoute, cookieFrom, formPost, ORIGIN, type RouteArgs } from "../support/route";
import { testEnv } from "../support/services";

// The Users screens against the real auth service: every request goes through the root and
// signed-in middleware, as a browser's would, so sessions are checked the way they are in production.
const auth = authServiceForFile({ limits: { perEmail: 100, perIp: 1000 } });
let database: DatabaseHandle;
const config = testEnv();
const PASSWORD = "a long password";
let adminCookie = "";

const page = [...rootMiddleware, ...appMiddleware] as never[];
const get = (path: string, cookie: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, cookie: string, fields: Record<string, string>) =>
  formPost(path, fields, { Cookie: cookie });
/** A route handler with its URL parameters, as React Router would call it. */
const withParams =
  <T>(handler: (args: never) => T, params: Record<string, string>) =>
  (args: RouteArgs) =>
    handler({ ...args, params } as never);

async function signIn(email: string, password = PASSWORD) {
  const response = (await callRoute(
    signInAction,
    formPost("/sign-in?index", { email, password, redirect: "/" }),
    rootMiddleware as never[],
  )) as Response;
  return cookieFrom(response, "__session");
}

/** Creates a user through the /users/new form, as an admin would: their id and one-time password. */
async function createUser(email: string, roles: string[], projectIds: string[] = []) {
  const form = new URLSearchParams({ email });
  for (const role of roles) form.append("roles", role);
  for (const id of projectIds) form.append("projectIds", id);
  const request = new Request(`${ORIGIN}/users/new`, {
    method: "POST",
    body: form,
    headers: { Cookie: adminCookie, Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
  });
  const result = (await callRoute(newUserAction, request, page)) as {
    data: { created: { id: string; oneTimePassword: string } };
  };
  return result.data.created;
}

/** The account form's password change, from the one-time password to PASSWORD. */
const choosePassword = async (cookie: string, oneTimePassword: string) =>
  (await callRoute(
    accountAction,
    post("/settings/account", cookie, {
      intent: "password",
      currentPassword: oneTimePassword,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    }),
    page,
  )) as Response;

/** A new user, signed in with their one-time password and, as they must before anything else, on PASSWORD. */
async function aUser(email: string, roles: string[], projectIds: string[] = []) {
  const { id, oneTimePassword } = await createUser(email, roles, projectIds);
  const cookie = await signIn(email, oneTimePassword);
  expect((await choosePassword(cookie, oneTimePassword)).headers.get("Location")).toBe("/");
  return { id, oneTimePassword, cookie };
}

beforeAll(async () => {
  database = await openTestDatabase();
  await api(auth.url, "/signup", {
    body: { email: "owner@example.com", password: PASSWORD, confirmPassword: PASSWORD },
  });
  adminCookie = await signIn("owner@example.com");
});
afterAll(() => database.close());

const status = (result: unknown) =>
  result instanceof Response ? result.status : (result as { init?: ResponseInit }).init?.status;

describe("the Users screens", () => {
  it("are for admins only: others get 403", async () => {
    const viewer = await aUser("viewer@example.com", ["viewer"]);
    const refused = await callRoute(usersLoader, get("/users", viewer.cookie), page).catch((e: unknown) => e);
    expect(status(refused)).toBe(403);
    const table = (await callRoute(usersLoader, get("/users?q=viewer", adminCookie), page)) as {
      rows: Array<{ email: string; displayName: string }>;
    };
    expect(table.rows.map((r) => [r.email, r.displayName])).toEqual([["viewer@example.com", "viewer"]]);
  });

  it("a deactivated user's very next page and action are refused, within the 600 s trust", async () => {
    const project = await aProject(database);
    const user = await aUser("leaver@example.com", ["manager"], [project.id]);
    expect(
      await callRoute(withParams(projectLoader, { projectId: project.id }), get("/", user.cookie), page),
    ).toHaveProperty("project");
    const deactivated = (await callRoute(
      withParams(userAction, { userId: user.id }),
      post(`/users/${user.id}`, adminCookie, { intent: "deactivate" }),
      page,
    )) as Response;
    expect(deactivated.status).toBe(302);

    const nextPage = (await callRoute(
      withParams(projectLoader, { projectId: project.id }),
      get(`/projects/${project.id}`, user.cookie),
      page,
    )) as Response;
    expect(nextPage.status).toBe(302);
    expect(nextPage.headers.get("Location")).toMatch(/^\/sign-in\?redirect=/);
    // An action posted from the page that was already open is refused the same way.
    const nextAction = (await callRoute(
      withParams(membersAction, { projectId: project.id }),
      post(`/projects/${project.id}/members`, user.cookie, { intent: "add", email: "owner@example.com" }),
      page,
    )) as Response;
    expect(nextAction.status).toBe(302);
    expect(nextAction.headers.get("Location")).toMatch(/^\/sign-in/);
  });

  it("a demoted admin's or a removed member's next page and action go to sign-in", async () => {
    const project = await aProject(database);
    const other = await aUser("other@example.com", ["viewer"]);
    const deputy = await aUser("deputy@example.com", ["admin"]);
    expect(await callRoute(usersLoader, get("/users", deputy.cookie), page)).toHaveProperty("rows");
    await callRoute(
      withParams(userAction, { userId: deputy.id }),
      post(`/users/${deputy.id}`, adminCookie, { intent: "update", roles: "viewer", projectIds: project.id }),
      page,
    );
    const toSignIn = (result: unknown) => {
      expect(status(result)).toBe(302);
      expect((result as Response).headers.get("Location")).toMatch(/^\/sign-in/);
    };
    toSignIn(await callRoute(usersLoader, get("/users", deputy.cookie), page).catch((e: unknown) => e));
    toSignIn(
      await callRoute(
        withParams(userAction, { userId: other.id }),
        post(`/users/${other.id}`, deputy.cookie, { intent: "deactivate" }),
        page,
      ).catch((e: unknown) => e),
    );
    const team = (await callRoute(usersLoader, get("/users", adminCookie), page)) as {
      rows: Array<{ email: string; status: string }>;
    };
    expect(team.rows.find((r) => r.email === "other@example.com")?.status).toBe("active");

    // Signed in again as a viewer of the project, which is then taken off them from the project page.
    const viewer = await signIn("deputy@example.com");
    expect(
      await callRoute(withParams(projectLoader, { projectId: project.id }), get("/", viewer), page),
    ).toHaveProperty("project");
    const removed = (await callRoute(
      withParams(membersAction, { projectId: project.id }),
      post(`/projects/${project.id}/members`, adminCookie, { intent: "remove", userId: deputy.id }),
      page,
    )) as Response;
    expect(removed.status).toBe(302);
    toSignIn(
      await callRoute(withParams(projectLoader, { projectId: project.id }), get("/", viewer), page).catch(
        (e: unknown) => e,
      ),
    );
  });

  it("shows the auth service's refusals in the form, keeping what was typed", async () => {
    const self = (await api(auth.url, "/login", { body: { email: "owner@example.com", password: PASSWORD } })).body.data
      .user.id;
    const refused = (await callRoute(
      withParams(userAction, { userId: self }),
      post(`/users/${self}`, adminCookie, { intent: "update", roles: "viewer" }),
      page,
    )) as { data: { formError: unknown; values: Record<string, unknown> }; init: ResponseInit };
    expect(refused.init.status).toBe(403);
    expect(refused.data.formError).toEqual({ key: "users:errors.selfProtected" });
    expect(refused.data.values).toMatchObject({ roles: "viewer", intent: "update" });

    const taken = (await callRoute(
      newUserAction,
      post("/users/new", adminCookie, { email: "viewer@example.com", roles: "analyst" }),
      page,
    )) as { data: { fieldErrors: Record<string, string>; values: Record<string, unknown> } };
    expect(taken.data.fieldErrors).toEqual({ email: "auth:errors.emailTaken" });
    expect(taken.data.values).toMatchObject({ email: "viewer@example.com", roles: "analyst" });

    const wrongConfirm = (await callRoute(
      withParams(userAction, { userId: (await aUser("keep@example.com", ["viewer"])).id }),
      post("/users/x", adminCookie, { intent: "delete", confirm: "someone@example.com" }),
      page,
    )) as { data: { fieldErrors: Record<string, string> } };
    expect(wrongConfirm.data.fieldErrors).toEqual({ confirm: "users:errors.confirmEmail" });
  });

  it("an unreachable auth service is a clear form error with nothing typed lost", async () => {
    // The session was checked moments ago, so the page itself does not need the service.
    config.authServiceUrl = "http://127.0.0.1:9/api/auth";
    const result = (await callRoute(
      newUserAction,
      post("/users/new", adminCookie, { email: "later@example.com", roles: "analyst" }),
      page,
    )) as { data: { formError: unknown; values: Record<string, unknown> }; init: ResponseInit };
    expect(result.init.status).toBe(503);
    expect(result.data.formError).toEqual({ key: "users:errors.unavailable" });
    expect(result.data.values).toEqual({ email: "later@example.com", roles: "analyst", projectIds: undefined });
  });
});

describe("one-time passwords", () => {
  it("send the new user to choose their own password before anything else, and work only once", async () => {
    const { oneTimePassword } = await createUser("fresh@example.com", ["viewer"]);
    const cookie = await signIn("fresh@example.com", oneTimePassword);
    for (const path of ["/", "/projects"]) {
      const response = (await callRoute(usersLoader, get(path, cookie), page)) as Response;
      expect(response.headers.get("Location")).toBe("/settings/account#password");
    }
    expect(await callRoute(accountLoader, get("/settings/account", cookie), page)).toMatchObject({
      mustChangePassword: true,
    });
    await choosePassword(cookie, oneTimePassword);
    const viewer = await callRoute(usersLoader, get("/users", cookie), page).catch((e: unknown) => e);
    expect(status(viewer)).toBe(403);
    const again = await api(auth.url, "/login", { body: { email: "fresh@example.com", password: oneTimePassword } });
    expect(again.status).toBe(401);
  });
});

describe("own account: sign out everywhere", () => {
  it("ends this and every other session of the user", async () => {
    const user = await aUser("busy@example.com", ["viewer"]);
    const otherDevice = await signIn("busy@example.com");
    expect(await callRoute(accountLoader, get("/settings/account", otherDevice), page)).toHaveProperty("email");
    const response = (await callRoute(
      accountAction,
      post("/settings/account", user.cookie, { intent: "signOutEverywhere" }),
      page,
    )) as Response;
    expect(response.headers.get("Location")).toBe("/sign-in");
    for (const cookie of [user.cookie, otherDevice]) {
      const after = (await callRoute(accountLoader, get("/settings/account", cookie), page)) as Response;
      expect(after.status).toBe(302);
    }
  });
});

describe("the users table", () => {
  const at = (day: number) => `2026-01-${String(day).padStart(2, "0")}T10:00:00.000Z`;
  const users: PublicUser[] = [
    {
      id: "1",
      email: "zoe@example.com",
      roles: ["admin"],
      projectIds: [],
      status: "active",
      createdAt: at(1),
      lastSignInAt: at(9),
      mustChangePassword: false,
    },
    {
      id: "2",
      email: "adam@example.com",
      roles: ["analyst"],
      projectIds: ["p1"],
      status: "active",
      createdAt: at(2),
      lastSignInAt: null,
      mustChangePassword: false,
    },
    {
      id: "3",
      email: "mia@example.com",
      roles: ["viewer"],
      projectIds: ["p1", "p2"],
      status: "deactivated",
      createdAt: at(3),
      lastSignInAt: at(5),
      mustChangePassword: false,
    },
  ];
  const spec = usersTable(["p1", "p2"]);
  const pageOf = (query: string) => usersTablePage(users, parseTableState(spec, new URLSearchParams(query)));

  it("searches, filters, sorts and pages as the URL says, with counts per filter value", async () => {
    expect((await pageOf("")).rows.map((u) => u.displayName)).toEqual(["adam", "mia", "zoe"]);
    expect((await pageOf("q=MIA")).rows.map((u) => u.id)).toEqual(["3"]);
    expect((await pageOf("project=p1")).rows.map((u) => u.id)).toEqual(["2", "3"]);
    expect((await pageOf("project=p1&status=active")).rows.map((u) => u.id)).toEqual(["2"]);
    expect((await pageOf("role=admin&role=viewer")).rows.map((u) => u.id)).toEqual(["3", "1"]);
    // Never signed in sorts last either way.
    expect((await pageOf("sort=lastSignIn&dir=desc")).rows.map((u) => u.id)).toEqual(["1", "3", "2"]);
    expect((await pageOf("sort=lastSignIn")).rows.map((u) => u.id)).toEqual(["3", "1", "2"]);
    expect((await pageOf("sort=created&dir=desc&size=10&page=1")).rows.map((u) => u.id)).toEqual(["3", "2", "1"]);
    const filtered = await pageOf("status=active");
    expect(filtered.counts.status).toEqual({ active: 2, deactivated: 1 });
    expect(filtered.counts.project).toEqual({ p1: 1 });
    expect((await pageOf("page=9")).state.page).toBe(1);
  });
});
