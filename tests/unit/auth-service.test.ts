import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnect } from "../../app/db/connection.server";
import { api, startAuthService } from "../support/auth-service";

let service: Awaited<ReturnType<typeof startAuthService>>;
let url: string;
beforeAll(async () => {
  service = await startAuthService({ limits: { perEmail: 5, perIp: 12 } });
  url = service.url;
});
afterAll(() => service.close());

const PASSWORD = "correct horse battery";
let ipCounter = 0;
/** Each test signs up from its own IP, so the per-IP limits of one test do not leak into another. */
const freshIp = () => `10.0.0.${++ipCounter}`;

async function signUp(email: string, password = PASSWORD) {
  return api(url, "/signup", { body: { email, password, confirmPassword: password }, ip: freshIp() });
}

describe("auth service: sign-up", () => {
  it("makes the first user admin and later ones viewers with no projects, e-mails normalised", async () => {
    const first = await signUp("  Founder@Example.COM ");
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      success: true,
      data: { user: { email: "founder@example.com", roles: ["admin"], projectIds: [] } },
    });
    expect(first.body.data.token).toMatch(/^[\w-]{43}$/);
    const second = await signUp("analyst@example.com");
    expect(second.body.data.user).toMatchObject({ roles: ["viewer"], projectIds: [], status: "active" });
    expect(second.body.data.user).not.toHaveProperty("passwordHash");
  });

  it("refuses a taken e-mail with 409 and bad input with 400 and a field", async () => {
    expect((await signUp("FOUNDER@example.com")).status).toBe(409);
    const bad = await api(url, "/signup", {
      body: { email: "not-an-email", password: "short", confirmPassword: "other" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: "invalid_input" });
    expect(Object.keys(bad.body.fields).sort()).toEqual(["confirmPassword", "email", "password"]);
    const mismatch = await api(url, "/signup", {
      body: { email: "m@example.com", password: PASSWORD, confirmPassword: "different!" },
    });
    expect(mismatch.body.fields).toEqual({ confirmPassword: "Passwords do not match" });
    const notJson = await api(url, "/signup", { body: "{oops" });
    expect(notJson.status).toBe(400);
  });
});

describe("auth service: login, validate, logout", () => {
  it("logs in, validates the token with the current user, and revokes it on logout", async () => {
    await signUp("reader@example.com");
    const login = await api(url, "/login", {
      body: { email: "READER@example.com", password: PASSWORD },
      ip: freshIp(),
    });
    expect(login.status).toBe(200);
    const { token } = login.body.data;
    const valid = await api(url, "/validate", { token });
    expect(valid.body).toMatchObject({ success: true, data: { valid: true, user: { email: "reader@example.com" } } });
    expect((await api(url, "/logout", { token })).status).toBe(200);
    const after = await api(url, "/validate", { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ success: false, code: "invalid_token" });
  });

  it("answers 401 without a token and for a wrong password", async () => {
    expect((await api(url, "/validate")).body).toMatchObject({ success: false, error: "No token available" });
    expect((await api(url, "/logout")).status).toBe(401);
    const wrong = await api(url, "/login", {
      body: { email: "reader@example.com", password: "nope-nope" },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe("Invalid e-mail or password");
  });

  it("refuses the 6th failed login for one e-mail with 429, even with the right password", async () => {
    await signUp("target@example.com");
    for (let i = 1; i <= 5; i++) {
      const attempt = await api(url, "/login", {
        body: { email: "target@example.com", password: `wrong-${i}` },
        ip: freshIp(),
      });
      expect(attempt.status, `attempt ${i}`).toBe(401);
    }
    const sixth = await api(url, "/login", {
      body: { email: "target@example.com", password: PASSWORD },
      ip: freshIp(),
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: "rate_limited", error: expect.stringMatching(/Too many attempts/) });
  });

  it("lets the right password through from a device the owner signed in from, whatever strangers tried", async () => {
    const signedUp = await signUp("owner-device@example.com");
    const login = (password: string, device?: string) =>
      api(url, "/login", { body: { email: "owner-device@example.com", password, device }, ip: freshIp() });
    const { device } = (await login(PASSWORD)).body.data;
    expect(device).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    expect(signedUp.body.data.device).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    for (let i = 1; i <= 5; i++) expect((await login(`wrong-${i}`)).status, `stranger ${i}`).toBe(401);
    // Strangers, and a made-up or another user's device token, stay locked out: the per-e-mail limit holds.
    expect((await login(PASSWORD)).status).toBe(429);
    expect((await login(PASSWORD, `${device.split(".")[0]}.${"A".repeat(43)}`)).status).toBe(429);
    const other = (await signUp("other-device@example.com")).body.data.device;
    expect((await login(PASSWORD, other)).status).toBe(429);
    // The owner's device is not.
    const owner = await login(PASSWORD, device);
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.email).toBe("owner-device@example.com");
    // A device has five tries of its own.
    const next = owner.body.data.device;
    for (let i = 1; i <= 5; i++) expect((await login(`typo-${i}`, next)).status, `typo ${i}`).toBe(401);
    expect((await login(PASSWORD, next)).status).toBe(429);
    // A new password retires the old devices.
    const changed = await api(url, "/password", {
      token: owner.body.data.token,
      body: { currentPassword: PASSWORD, newPassword: "a brand new password" },
    });
    expect(changed.status).toBe(200);
    expect((await login("a brand new password", device)).status).toBe(429);
  });

  it("checks at most 5 of 50 parallel wrong passwords for one e-mail and refuses the rest", async () => {
    await signUp("parallel@example.com");
    const statuses = (
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api(url, "/login", { body: { email: "parallel@example.com", password: `wrong-${i}` }, ip: freshIp() }),
        ),
      )
    ).map((result) => result.status);
    // How many are checked depends on how the requests interleave: on the embedded database's thread (and on
    // PostgreSQL) every attempt may be stored before the first is counted, and then all are refused.
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - checked);
  });

  it("says the real limit for an over-long password or body, never that it is not JSON", async () => {
    const long = await api(url, "/login", { body: { email: "reader@example.com", password: "x".repeat(300) } });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("Password must be at most 200 characters");
    const huge = await api(url, "/login", { body: { email: "reader@example.com", password: "x".repeat(40_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe("The request body is larger than 32kb");
  });

  it("limits failures per client IP across e-mails", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      statuses.push(
        (await api(url, "/login", { body: { email: `nobody${i}@example.com`, password: "whatever1" }, ip })).status,
      );
    }
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses[12]).toBe(429);
  });

  it("expires tokens after their lifetime", async () => {
    const shortLived = await startAuthService({ tokenTtlHours: 0.5 / 3600 });
    try {
      const { body } = await api(shortLived.url, "/signup", {
        body: { email: "t@example.com", password: PASSWORD, confirmPassword: PASSWORD },
      });
      expect((await api(shortLived.url, "/validate", { token: body.data.token })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect((await api(shortLived.url, "/validate", { token: body.data.token })).status).toBe(401);
    } finally {
      await shortLived.close();
    }
  });
});

describe("auth service: users (admin only)", () => {
  let adminToken: string;
  let viewerToken: string;
  let viewerId: string;
  beforeAll(async () => {
    adminToken = (
      await api(url, "/login", { body: { email: "founder@example.com", password: PASSWORD }, ip: freshIp() })
    ).body.data.token;
    const viewer = await signUp("viewer@example.com");
    viewerToken = viewer.body.data.token;
    viewerId = viewer.body.data.user.id;
  });

  it("lists users for admins only", async () => {
    const list = await api(url, "/users", { method: "GET", token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body.data.users.map((u: { email: string }) => u.email)).toContain("viewer@example.com");
    expect((await api(url, "/users", { method: "GET", token: viewerToken })).status).toBe(403);
    expect((await api(url, "/users", { method: "GET" })).status).toBe(401);
  });

  it("creates, updates and deletes users", async () => {
    const created = await api(url, "/users", {
      token: adminToken,
      body: { email: "manager@example.com", password: PASSWORD, roles: ["manager"], projectIds: ["p1"] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.user).toMatchObject({ roles: ["manager"], projectIds: ["p1"] });
    expect(
      (
        await api(url, "/users", {
          token: adminToken,
          body: { email: "manager@example.com", password: PASSWORD, roles: ["viewer"] },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await api(url, "/users", {
          token: adminToken,
          body: { email: "x@example.com", password: PASSWORD, roles: ["king"] },
        })
      ).status,
    ).toBe(400);

    const updated = await api(url, `/users/${viewerId}`, {
      method: "PATCH",
      token: adminToken,
      body: { roles: ["analyst"], projectIds: ["p1", "p2"] },
    });
    expect(updated.body.data.user).toMatchObject({ roles: ["analyst"], projectIds: ["p1", "p2"] });
    // The user's next validation carries the new roles.
    expect((await api(url, "/validate", { token: viewerToken })).body.data.user.roles).toEqual(["analyst"]);

    expect(
      (await api(url, "/users/not-a-uuid", { method: "PATCH", token: adminToken, body: { roles: ["viewer"] } })).status,
    ).toBe(404);
    const id = created.body.data.user.id;
    expect((await api(url, `/users/${id}`, { method: "DELETE", token: viewerToken })).status).toBe(403);
    expect((await api(url, `/users/${id}`, { method: "DELETE", token: adminToken })).status).toBe(200);
    expect(
      (await api(url, "/login", { body: { email: "manager@example.com", password: PASSWORD }, ip: freshIp() })).status,
    ).toBe(401);
  });

  it("deactivating a user ends their sessions and blocks sign-in", async () => {
    const user = await signUp("leaver@example.com");
    await api(url, `/users/${user.body.data.user.id}`, {
      method: "PATCH",
      token: adminToken,
      body: { status: "deactivated" },
    });
    expect((await api(url, "/validate", { token: user.body.data.token })).status).toBe(401);
    const login = await api(url, "/login", {
      body: { email: "leaver@example.com", password: PASSWORD },
      ip: freshIp(),
    });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe("account_deactivated");
  });

  it("lists a project's members for its members and admins only", async () => {
    const member = await api(url, "/users", {
      token: adminToken,
      body: { email: "m1@example.com", password: PASSWORD, roles: ["analyst"], projectIds: ["p-alpha"] },
    });
    await api(url, "/users", {
      token: adminToken,
      body: { email: "m2@example.com", password: PASSWORD, roles: ["viewer"], projectIds: ["p-alpha", "p-beta"] },
    });
    const asAdmin = await api(url, "/project-members", {
      token: adminToken,
      body: { projectIds: ["p-alpha", "p-beta"] },
    });
    expect(asAdmin.body.data.members["p-alpha"].map((u: { email: string }) => u.email)).toEqual([
      "m1@example.com",
      "m2@example.com",
    ]);
    expect(asAdmin.body.data.members["p-beta"].map((u: { email: string }) => u.email)).toEqual(["m2@example.com"]);
    const memberToken = (
      await api(url, "/login", { body: { email: "m1@example.com", password: PASSWORD }, ip: freshIp() })
    ).body.data.token;
    const asMember = await api(url, "/project-members", {
      token: memberToken,
      body: { projectIds: ["p-alpha", "p-beta"] },
    });
    expect(Object.keys(asMember.body.data.members)).toEqual(["p-alpha"]);
    expect((await api(url, "/project-members", { body: { projectIds: ["p-alpha"] } })).status).toBe(401);
    expect(member.status).toBe(201);
  });

  it("an admin cannot lock themselves out", async () => {
    const me = (await api(url, "/validate", { token: adminToken })).body.data.user;
    expect(
      (await api(url, `/users/${me.id}`, { method: "PATCH", token: adminToken, body: { roles: ["viewer"] } })).status,
    ).toBe(403);
    expect(
      (await api(url, `/users/${me.id}`, { method: "PATCH", token: adminToken, body: { status: "deactivated" } }))
        .status,
    ).toBe(403);
    expect((await api(url, `/users/${me.id}`, { method: "DELETE", token: adminToken })).status).toBe(403);
  });

  it("changes the own password and ends the other sessions", async () => {
    const user = await signUp("mover@example.com");
    const other = (
      await api(url, "/login", { body: { email: "mover@example.com", password: PASSWORD }, ip: freshIp() })
    ).body.data.token;
    const token = user.body.data.token;
    const wrong = await api(url, "/password", {
      token,
      body: { currentPassword: "not it at all", newPassword: "brand new secret" },
    });
    expect(wrong.status).toBe(401);
    expect(
      (await api(url, "/password", { token, body: { currentPassword: PASSWORD, newPassword: "short" } })).status,
    ).toBe(400);
    expect(
      (await api(url, "/password", { token, body: { currentPassword: PASSWORD, newPassword: "brand new secret" } }))
        .status,
    ).toBe(200);
    expect((await api(url, "/validate", { token })).status).toBe(200);
    expect((await api(url, "/validate", { token: other })).status).toBe(401);
    expect(
      (await api(url, "/login", { body: { email: "mover@example.com", password: "brand new secret" }, ip: freshIp() }))
        .status,
    ).toBe(200);
  });
});

describe("auth service: health", () => {
  it("reports the database, and 503 once it is gone", async () => {
    const local = await startAuthService();
    expect((await api(local.url, "/health", { method: "GET" })).body).toEqual({
      success: true,
      data: { status: "ok", database: "ok" },
    });
    await disconnect(local.connection);
    const down = await api(local.url, "/health", { method: "GET" });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ success: false, code: "unavailable" });
    await local.close();
  });
});
