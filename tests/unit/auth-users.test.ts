import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, startAuthService } from "../support/auth-service";

// The auth service's user administration (ADR 025), over HTTP as the app calls it.
let service: Awaited<ReturnType<typeof startAuthService>>;
let url: string;
const PASSWORD = "correct horse battery";
const tokens: Record<"admin" | "manager" | "analyst" | "viewer", string> = {
  admin: "",
  manager: "",
  analyst: "",
  viewer: "",
};
let adminId = "";

async function login(email: string, password = PASSWORD) {
  const response = await api(url, "/login", { body: { email, password } });
  return response.body.data?.token as string;
}

async function createUser(email: string, roles: string[], projectIds: string[] = []) {
  const response = await api(url, "/users", {
    token: tokens.admin,
    body: { email, password: PASSWORD, roles, projectIds },
  });
  expect(response.status).toBe(201);
  return response.body.data.user as { id: string; email: string };
}

beforeAll(async () => {
  service = await startAuthService({ limits: { perEmail: 50, perIp: 1000 } });
  url = service.url;
  const admin = await api(url, "/signup", {
    body: { email: "admin@example.com", password: PASSWORD, confirmPassword: PASSWORD },
  });
  tokens.admin = admin.body.data.token;
  adminId = admin.body.data.user.id;
  for (const role of ["manager", "analyst", "viewer"] as const) {
    await createUser(`${role}@example.com`, [role], ["p1"]);
    tokens[role] = await login(`${role}@example.com`);
  }
});
afterAll(() => service.close());

describe("user endpoints: who may call them", () => {
  it("admins only; other roles get 403, no token 401", async () => {
    const target = await createUser("target@example.com", ["viewer"]);
    const calls = [
      { method: "GET", path: "/users" },
      { method: "POST", path: "/users", body: { email: "new@example.com", roles: ["viewer"] } },
      { method: "PATCH", path: `/users/${target.id}`, body: { roles: ["analyst"] } },
      { method: "GET", path: `/users/${target.id}/history` },
      { method: "DELETE", path: `/users/${target.id}` },
    ];
    for (const call of calls) {
      for (const role of ["manager", "analyst", "viewer"] as const) {
        const response = await api(url, call.path, { ...call, token: tokens[role] });
        expect(response.status, `${role} ${call.method} ${call.path}`).toBe(403);
      }
      expect((await api(url, call.path, call)).status, `anonymous ${call.method} ${call.path}`).toBe(401);
    }
    for (const call of calls) {
      const response = await api(url, call.path, { ...call, token: tokens.admin });
      expect(response.status, `admin ${call.method} ${call.path}`).toBe(call.method === "POST" ? 201 : 200);
    }
  });
});

describe("creating a user", () => {
  it("returns a one-time password once, which signs the user in; sign-in is recorded", async () => {
    const created = await api(url, "/users", {
      token: tokens.admin,
      body: { email: "New.Person@Example.com", roles: ["analyst"], projectIds: ["p2"] },
    });
    expect(created.status).toBe(201);
    const { user, oneTimePassword } = created.body.data;
    expect(user).toMatchObject({
      email: "new.person@example.com",
      roles: ["analyst"],
      lastSignInAt: null,
      mustChangePassword: true,
    });
    expect(oneTimePassword).toMatch(/^[\w-]{16}$/);
    const listed = (await api(url, "/users", { method: "GET", token: tokens.admin })).body.data.users;
    expect(JSON.stringify(listed)).not.toContain(oneTimePassword);
    const token = await login("new.person@example.com", oneTimePassword);
    expect((await api(url, "/validate", { token })).body.data.user.mustChangePassword).toBe(true);
    await api(url, "/password", { token, body: { currentPassword: oneTimePassword, newPassword: PASSWORD } });
    expect((await api(url, "/validate", { token })).body.data.user.mustChangePassword).toBe(false);
    const after = (await api(url, "/users", { method: "GET", token: tokens.admin })).body.data.users.find(
      (u: { id: string }) => u.id === user.id,
    );
    expect(Date.parse(after.lastSignInAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("says why input is refused, per field", async () => {
    const bad = await api(url, "/users", { token: tokens.admin, body: { email: "nope", roles: [] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(["email", "roles"]);
    const taken = await api(url, "/users", {
      token: tokens.admin,
      body: { email: "viewer@example.com", roles: ["viewer"] },
    });
    expect(taken).toMatchObject({ status: 409, body: { code: "email_taken" } });
  });
});

describe("self-protection and the last active admin", () => {
  it("nobody deactivates, demotes or deletes themselves", async () => {
    for (const [method, body] of [
      ["PATCH", { status: "deactivated" }],
      ["PATCH", { roles: ["manager"] }],
      ["DELETE", undefined],
    ] as const) {
      const response = await api(url, `/users/${adminId}`, { method, body, token: tokens.admin });
      expect(response).toMatchObject({ status: 403, body: { code: "self_protected" } });
    }
    // Their own projects are theirs to change.
    expect(
      (await api(url, `/users/${adminId}`, { method: "PATCH", body: { projectIds: ["p1"] }, token: tokens.admin }))
        .status,
    ).toBe(200);
  });

  it("two admins removing each other at once leave one admin standing", async () => {
    const local = await startAuthService();
    const first = await api(local.url, "/signup", {
      body: { email: "a@example.com", password: PASSWORD, confirmPassword: PASSWORD },
    });
    const second = await api(local.url, "/users", {
      token: first.body.data.token,
      body: { email: "b@example.com", password: PASSWORD, roles: ["admin"] },
    });
    const secondToken = (await api(local.url, "/login", { body: { email: "b@example.com", password: PASSWORD } })).body
      .data.token;
    const [one, two] = await Promise.all([
      api(local.url, `/users/${second.body.data.user.id}`, {
        method: "PATCH",
        token: first.body.data.token,
        body: { status: "deactivated" },
      }),
      api(local.url, `/users/${first.body.data.user.id}`, {
        method: "PATCH",
        token: secondToken,
        body: { status: "deactivated" },
      }),
    ]);
    expect([one.status, two.status].filter((s) => s === 200)).toHaveLength(1);
    expect([one, two].find((r) => r.status !== 200)?.body.code).toMatch(/^(last_admin|invalid_token|forbidden)$/);
    const survivor = one.status === 200 ? first.body.data.token : secondToken;
    const users = (await api(local.url, "/users", { method: "GET", token: survivor })).body.data.users;
    const activeAdmins = users.filter(
      (u: { roles: string[]; status: string }) => u.status === "active" && u.roles.includes("admin"),
    );
    expect(activeAdmins).toHaveLength(1);
    await local.close();
  });
});

describe("tokens follow the account at once", () => {
  it("losing a permission or a project, deactivation and deletion revoke every token; gaining one keeps them", async () => {
    const user = await createUser("leaving@example.com", ["manager"], ["p1"]);
    const patch = (body: object) => api(url, `/users/${user.id}`, { method: "PATCH", token: tokens.admin, body });
    let [a, b] = [await login("leaving@example.com"), await login("leaving@example.com")];
    await patch({ roles: ["analyst", "manager"], projectIds: ["p1", "p2"] });
    expect((await api(url, "/validate", { token: a })).body.data.user.projectIds).toEqual(["p1", "p2"]);
    // The analyst role alone grants nothing a manager lacks; dropping it keeps the sessions.
    await patch({ roles: ["manager"] });
    expect((await api(url, "/validate", { token: b })).body.data.user.roles).toEqual(["manager"]);
    await patch({ roles: ["analyst"] });
    for (const token of [a, b]) expect((await api(url, "/validate", { token })).status).toBe(401);
    a = await login("leaving@example.com");
    await patch({ projectIds: ["p2"] });
    expect((await api(url, "/validate", { token: a })).status).toBe(401);
    [a, b] = [await login("leaving@example.com"), await login("leaving@example.com")];
    await patch({ status: "deactivated" });
    for (const token of [a, b]) expect((await api(url, "/validate", { token })).status).toBe(401);
    await api(url, `/users/${user.id}`, { method: "PATCH", token: tokens.admin, body: { status: "active" } });
    // Reactivation does not bring old tokens back.
    expect((await api(url, "/validate", { token: a })).status).toBe(401);
    const fresh = await login("leaving@example.com");
    expect((await api(url, `/users/${user.id}`, { method: "DELETE", token: tokens.admin })).status).toBe(200);
    expect((await api(url, "/validate", { token: fresh })).status).toBe(401);
  });

  it("signing out everywhere ends every session of the caller", async () => {
    await createUser("everywhere@example.com", ["viewer"]);
    const [a, b] = [await login("everywhere@example.com"), await login("everywhere@example.com")];
    expect((await api(url, "/logout-everywhere", { token: a })).status).toBe(200);
    for (const token of [a, b]) expect((await api(url, "/validate", { token })).status).toBe(401);
    expect((await api(url, "/logout-everywhere", { token: a })).status).toBe(401);
  });
});

describe("project members", () => {
  it("admins and the project's managers add and remove members; others are refused", async () => {
    const user = await createUser("member@example.com", ["analyst"]);
    const add = (token: string, project: string, email = "member@example.com") =>
      api(url, `/projects/${project}/members`, { method: "PUT", token, body: { email } });
    const remove = (token: string, project: string) =>
      api(url, `/projects/${project}/members/${user.id}`, { method: "DELETE", token });

    expect((await add(tokens.manager, "p1")).body.data.user.projectIds).toEqual(["p1"]);
    expect((await add(tokens.manager, "p1")).body.data.user.projectIds).toEqual(["p1"]);
    expect((await add(tokens.manager, "p2")).status).toBe(403);
    expect((await add(tokens.analyst, "p1")).status).toBe(403);
    expect((await add(tokens.viewer, "p1")).status).toBe(403);
    expect((await add(tokens.admin, "p2")).body.data.user.projectIds).toEqual(["p1", "p2"]);
    expect(await add(tokens.manager, "p1", "nobody@example.com")).toMatchObject({
      status: 404,
      body: { fields: { email: "unknown" } },
    });
    expect((await remove(tokens.viewer, "p1")).status).toBe(403);
    expect((await remove(tokens.manager, "p2")).status).toBe(403);
    expect((await remove(tokens.manager, "p1")).body.data.user.projectIds).toEqual(["p2"]);
    expect((await remove(tokens.admin, "p2")).body.data.user.projectIds).toEqual([]);
    expect((await api(url, `/projects/p1/members/${user.id}`, { method: "DELETE" })).status).toBe(401);
    // Two additions at once both stick: each is made from the row as it is under the lock.
    await Promise.all([add(tokens.manager, "p1"), add(tokens.admin, "p2"), add(tokens.admin, "p3")]);
    const listed = (await api(url, "/users", { method: "GET", token: tokens.admin })).body.data.users;
    expect(listed.find((u: { id: string }) => u.id === user.id).projectIds.sort()).toEqual(["p1", "p2", "p3"]);
  });
});

describe("history", () => {
  it("keeps who changed what and when, newest first, even after deletion", async () => {
    const user = await createUser("history@example.com", ["viewer"], ["p1"]);
    await api(url, `/users/${user.id}`, {
      method: "PATCH",
      token: tokens.admin,
      body: { roles: ["analyst"], projectIds: ["p1"] },
    });
    await api(url, `/projects/p1/members/${user.id}`, { method: "DELETE", token: tokens.manager });
    await api(url, `/users/${user.id}`, { method: "PATCH", token: tokens.admin, body: { status: "deactivated" } });
    await api(url, `/users/${user.id}`, { method: "DELETE", token: tokens.admin });
    const { events } = (await api(url, `/users/${user.id}/history`, { method: "GET", token: tokens.admin })).body.data;
    expect(
      events.map((e: { action: string; actorEmail: string; changes: object }) => [e.action, e.actorEmail, e.changes]),
    ).toEqual([
      ["deleted", "admin@example.com", {}],
      ["deactivated", "admin@example.com", { status: { from: "active", to: "deactivated" } }],
      ["updated", "manager@example.com", { projectIds: { from: ["p1"], to: [] } }],
      // Unchanged projects are not listed.
      ["updated", "admin@example.com", { roles: { from: ["viewer"], to: ["analyst"] } }],
      [
        "created",
        "admin@example.com",
        { roles: { from: null, to: ["viewer"] }, projectIds: { from: null, to: ["p1"] } },
      ],
    ]);
    expect(Date.parse(events[0].at)).toBeGreaterThan(Date.now() - 60_000);
  });
});
