import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirePermission, requireReader } from "~/core/context.server";
import { PERMISSIONS, type Permission } from "~/core/permissions";
import { toCurrentUser } from "~/core/reader";
import { canSeeProject } from "~/core/scope.server";
import type { DatabaseHandle } from "~/db/client.server";
import { AUTH_RETRIES, AuthUnavailableError, callAuth } from "~/features/auth/auth-client.server";

import { middleware as rootMiddleware } from "~/root";
import { loader as appLoader, middleware as appMiddleware } from "~/routes/_app";
import { loader as authLayoutLoader } from "~/routes/auth-layout";
import { action as signInAction } from "~/routes/sign-in._index";
import { action as signOutAction } from "~/routes/sign-out";
import { action as signUpAction } from "~/routes/sign-up._index";
import { api, authServiceForFile } from "../support/auth-service";
import { openTestDatabase } from "../support/builders";
import { callRoute, cookieFrom, formPost, ORIGIN } from "../support/route";
import { testEnv, testServices } from "../support/services";

const auth = authServiceForFile();
let database: DatabaseHandle;
const config = testEnv();
beforeAll(async () => {
  database = await openTestDatabase();
  // The first account of a workspace is its admin; these tests sign up later users.
  await api(auth.url, "/signup", {
    body: { email: "owner@example.com", password: "owner-password", confirmPassword: "owner-password" },
  });
});
afterAll(() => database.close());

const page = [...rootMiddleware, ...appMiddleware] as never[];
const get = (path: string, cookie?: string) =>
  new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

const root = rootMiddleware as never[];
/** Posts the sign-in form as a browser does (`more`: other fields, e.g. a redirect target). */
async function signIn(email: string, password: string, more: Record<string, string> = {}, headers = {}) {
  const form = formPost("/sign-in?index", { email, password, redirect: "/", ...more }, headers);
  return (await callRoute(signInAction, form, root)) as Response;
}
async function signUp(fields: Record<string, string>) {
  return (await callRoute(signUpAction, formPost("/sign-up?index", fields), root)) as Response;
}
/** What the form shows when the action refuses it. */
const refusal = (result: Response) => result as unknown as { data: any; init: ResponseInit };

describe("sign-up and sign-in actions", () => {
  it("signs up, keeps the session in a signed httpOnly cookie and goes to the redirect target", async () => {
    const response = await signUp({
      email: "New@Example.com",
      password: "long enough",
      confirmPassword: "long enough",
      redirect: "/integrations",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/integrations");
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // The token itself never appears in the cookie in readable form.
    expect(setCookie).not.toMatch(/token/);
    const layout = (await callRoute(appLoader, get("/integrations", cookieFrom(response, "__session")), page)) as {
      user: { email: string; displayName: string; roles: string[] };
    };
    expect(layout.user).toEqual({ email: "new@example.com", displayName: "new", roles: ["viewer"] });
  });

  it("keeps the e-mail and names each bad field", async () => {
    const result = refusal(await signUp({ email: "kept@example", password: "short", confirmPassword: "other" }));
    expect(result.init.status).toBe(400);
    expect(result.data.values).toEqual({ email: "kept@example" });
    expect(result.data.fieldErrors).toEqual({
      email: "auth:errors.emailInvalid",
      password: "auth:errors.passwordTooShort",
      confirmPassword: "auth:errors.passwordsDontMatch",
    });
  });

  it("a taken e-mail is an error on the e-mail field", async () => {
    const result = refusal(
      await signUp({ email: "owner@example.com", password: "long enough", confirmPassword: "long enough" }),
    );
    expect(result.init.status).toBe(409);
    expect(result.data.fieldErrors).toEqual({ email: "auth:errors.emailTaken" });
  });

  it("a wrong password shows the service's message (translated by its code)", async () => {
    const result = refusal(await signIn("owner@example.com", "not the password"));
    expect(result.init.status).toBe(401);
    expect(result.data).toEqual({
      values: { email: "owner@example.com" },
      formError: { key: "auth:errors.invalidCredentials" },
    });
  });

  it("a browser that signed in before gets in with the right password while strangers are locked out", async () => {
    const email = "locked-target@example.com";
    await api(auth.url, "/signup", {
      body: { email, password: "target-password", confirmPassword: "target-password" },
    });
    const first = await signIn(email, "target-password");
    const device = cookieFrom(first, "__device");
    expect(first.headers.getSetCookie().find((c) => c.startsWith("__device="))).toMatch(/HttpOnly/i);
    // Five wrong passwords from somebody else, straight at the service.
    for (let i = 1; i <= 5; i++) {
      await api(auth.url, "/login", { body: { email, password: `guess-${i}` }, ip: `192.0.2.${i}` });
    }
    const stranger = refusal(await signIn(email, "target-password"));
    expect(stranger.init.status).toBe(429);
    expect(stranger.data.formError).toEqual({ key: "auth:errors.rateLimited" });
    const owner = await signIn(email, "target-password", {}, { Cookie: device });
    expect(owner.status).toBe(302);
    expect(cookieFrom(owner, "__session")).toBeTruthy();
  });

  it("never redirects off-site after sign-in", async () => {
    for (const target of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
      const response = await signIn("owner@example.com", "owner-password", { redirect: target });
      expect(response.headers.get("Location"), target).toBe("/");
    }
  });

  it("rejects a filled honeypot without calling the service", async () => {
    const result = refusal(await signIn("owner@example.com", "owner-password", { website: "http://spam" }));
    expect(result.init.status).toBe(400);
    expect(result.data.formError).toEqual({ key: "auth:errors.spam" });
  });

  it("an unreachable auth service is a clear form error, not a crash", async () => {
    config.authServiceUrl = "http://127.0.0.1:9/api/auth";
    const result = refusal(await signIn("owner@example.com", "owner-password"));
    expect(result.init.status).toBe(503);
    expect(result.data.formError).toEqual({ key: "auth:errors.unavailable" });
  });

  it("signed-in visitors of /sign-in go on to their target", async () => {
    const cookie = cookieFrom(await signIn("owner@example.com", "owner-password"), "__session");
    const response = (await callRoute(
      authLayoutLoader,
      get("/sign-in?redirect=%2Fintegrations", cookie),
      root,
    )) as Response;
    expect(response.headers.get("Location")).toBe("/integrations");
  });
});

describe("the signed-in guard", () => {
  it("sends anonymous visitors to sign-in with the page to come back to", async () => {
    const response = (await callRoute(appLoader, get("/integrations?tab=1"), page)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sign-in?redirect=%2Fintegrations%3Ftab%3D1");
  });

  it("detects a revoked token at the next validation and ends the session with a notice", async () => {
    const signedIn = await signIn("owner@example.com", "owner-password");
    const cookie = cookieFrom(signedIn, "__session");
    // Within the validation period the session is trusted as it is.
    expect(await callRoute(appLoader, get("/", cookie), page)).toHaveProperty("user");
    const token = (await api(auth.url, "/login", { body: { email: "owner@example.com", password: "owner-password" } }))
      .body.data.token;
    await api(auth.url, `/users/${(await api(auth.url, "/validate", { token })).body.data.user.id}`, {
      method: "GET",
      token,
    });
    // Revoke every session of the user by changing the password from another session.
    await api(auth.url, "/password", {
      token,
      body: { currentPassword: "owner-password", newPassword: "owner-password-2" },
    });
    config.AUTH_REVALIDATE_SECONDS = 0;
    const response = (await callRoute(appLoader, get("/", cookie), page)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/sign-in?redirect=%2F");
    const cookies = response.headers.getSetCookie();
    expect(
      cookies.some((c) => c.startsWith("__session=;") || /^__session=[^;]*;.*Expires=Thu, 01 Jan 1970/.test(c)),
    ).toBe(true);
    expect(cookies.some((c) => c.startsWith("toast="))).toBe(true);
    await api(auth.url, "/password", {
      token: (await api(auth.url, "/login", { body: { email: "owner@example.com", password: "owner-password-2" } }))
        .body.data.token,
      body: { currentPassword: "owner-password-2", newPassword: "owner-password" },
    });
  });

  it("answers 503 when the auth service cannot be reached to revalidate", async () => {
    const cookie = cookieFrom(await signIn("owner@example.com", "owner-password"), "__session");
    config.AUTH_REVALIDATE_SECONDS = 0;
    config.authServiceUrl = "http://127.0.0.1:9/api/auth";
    const thrown = (await callRoute(appLoader, get("/", cookie), page).catch((e: unknown) => e)) as {
      init?: ResponseInit;
    };
    expect(thrown.init?.status).toBe(503);
  });
});

describe("a misrouted auth service (a proxy's page, a wrong path in AUTH_SERVICE_URL)", () => {
  /** A real HTTP server that is not the auth service: an HTML page for every path, with this status. */
  async function htmlServer(status: number) {
    const app = express();
    app.use((_req, res) => {
      res.status(status).type("html").send("<!doctype html><title>Welcome to nginx</title><h1>It works</h1>");
    });
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth`,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  it("a stale session gets the 503 page and stays signed in, whether the page says 404 or 200", async () => {
    const cookie = cookieFrom(await signIn("owner@example.com", "owner-password"), "__session");
    config.AUTH_REVALIDATE_SECONDS = 0;
    for (const status of [404, 200]) {
      const server = await htmlServer(status);
      config.authServiceUrl = server.url;
      const thrown = (await callRoute(appLoader, get("/", cookie), page).catch((e: unknown) => e)) as {
        init?: ResponseInit;
      };
      expect(thrown.init?.status, `HTML ${status}`).toBe(503);
      await server.close();
    }
    // The service's own JSON 404 (a path it does not have) is not a verdict on the token either.
    config.authServiceUrl = `${auth.url}/v2`;
    const wrongPath = (await callRoute(appLoader, get("/", cookie), page).catch((e: unknown) => e)) as {
      init?: ResponseInit;
    };
    expect(wrongPath.init?.status).toBe(503);
    // Back on the right address, the same cookie is still signed in.
    config.authServiceUrl = auth.url;
    expect(await callRoute(appLoader, get("/", cookie), page)).toHaveProperty("user");
  });

  it("sign-in says the service is unavailable, not that the password is wrong", async () => {
    for (const status of [404, 200]) {
      const server = await htmlServer(status);
      config.authServiceUrl = server.url;
      const result = refusal(await signIn("owner@example.com", "owner-password"));
      expect(result.init.status, `HTML ${status}`).toBe(503);
      expect(result.data.formError).toEqual({ key: "auth:errors.unavailable" });
      await server.close();
    }
  });
});

describe("sign-out", () => {
  it("revokes the token, clears the session and goes home, even when the service is down", async () => {
    const cookie = cookieFrom(await signIn("owner@example.com", "owner-password"), "__session");
    const response = (await callRoute(signOutAction, formPost("/sign-out", {}, { Cookie: cookie }), [])) as Response;
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().join()).toMatch(/__session=;/);
    config.AUTH_REVALIDATE_SECONDS = 0;
    expect(((await callRoute(appLoader, get("/", cookie), page)) as Response).status).toBe(302);

    config.authServiceUrl = "http://127.0.0.1:9/api/auth";
    const offline = (await callRoute(signOutAction, formPost("/sign-out", {}, { Cookie: cookie }), [])) as Response;
    expect(offline.headers.get("Location")).toBe("/");
  });
});

describe("auth client", () => {
  async function flakyServer(statuses: number[]) {
    let calls = 0;
    const app = express();
    app.post("/api/auth/validate", (_req, res) => {
      const status = statuses[Math.min(calls++, statuses.length - 1)] as number;
      res
        .status(status)
        .json(
          status < 300 ? { success: true, data: { valid: true } } : { success: false, error: `failed with ${status}` },
        );
    });
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    config.authServiceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth`;
    return { calls: () => calls, close: () => server.close() };
  }

  it("retries 5xx up to 3 times and then succeeds", async () => {
    const server = await flakyServer([502, 503, 500, 200]);
    expect(await callAuth(testServices(), "/validate", { token: "t", retries: AUTH_RETRIES })).toEqual({
      ok: true,
      data: { valid: true },
    });
    expect(server.calls()).toBe(4);
    server.close();
  });

  it("never retries a 4xx, and gives up after the retries", async () => {
    const refusing = await flakyServer([401]);
    expect(await callAuth(testServices(), "/validate", { token: "t", retries: AUTH_RETRIES })).toMatchObject({
      ok: false,
      status: 401,
      error: "failed with 401",
    });
    expect(refusing.calls()).toBe(1);
    refusing.close();
    const broken = await flakyServer([500]);
    await expect(callAuth(testServices(), "/validate", { token: "t", retries: AUTH_RETRIES })).rejects.toBeInstanceOf(
      AuthUnavailableError,
    );
    expect(broken.calls()).toBe(1 + AUTH_RETRIES);
    broken.close();
  });
});

describe("permissions", () => {
  const as = (role: "admin" | "manager" | "analyst" | "viewer", projectIds: string[] = ["p1"]) => ({
    ...toCurrentUser({
      id: role,
      email: `${role}@example.com`,
      roles: [role],
      projectIds,
      createdAt: "2026-01-01T00:00:00Z",
    }),
    timeZone: "UTC",
    language: "en",
    activeProjectId: null,
  });

  // PRODUCT.md's roles, each doing all the one before it may: a viewer reads, an analyst also triages and edits
  // tasks and reports, a manager also runs the projects they belong to, an admin also runs the workspace.
  const reads = ["messages.read", "tasks.read", "reports.read", "assistant.use"] as const;
  const triage = ["messages.triage", "tasks.edit", "reports.edit"] as const;
  const manage = ["projects.manage", "sources.manage", "tasks.delete", "reports.delete", "reports.schedule"] as const;
  const administer = ["users.manage", "projects.create", "projects.delete", "projects.webhooks"] as const;
  const allowed = (role: Parameters<typeof as>[0], permission: Permission) => {
    try {
      requirePermission(as(role), permission);
      return true;
    } catch (refusal) {
      expect(refusal).toMatchObject({ init: { status: 403, statusText: "Forbidden" } });
      return false;
    }
  };

  it.each([
    ["viewer", [reads], [triage, manage, administer]],
    ["analyst", [reads, triage], [manage, administer]],
    ["manager", [reads, triage, manage], [administer]],
    ["admin", [reads, triage, manage, administer], []],
  ] as const)("the %s role may do what it says and gets 403 for the rest", (role, may, mayNot) => {
    for (const permission of may.flat()) expect(allowed(role, permission), permission).toBe(true);
    for (const permission of mayNot.flat()) expect(allowed(role, permission), permission).toBe(false);
  });

  it("every action is in one of the tiers above, so a new one gets its roles stated", () => {
    expect([...reads, ...triage, ...manage, ...administer].sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });

  it("admins reach every project, others only theirs; nobody signed in goes to sign-in", () => {
    expect(canSeeProject(as("admin", []), "p9")).toBe(true);
    expect(canSeeProject(as("viewer"), "p1")).toBe(true);
    expect(canSeeProject(as("manager"), "p9")).toBe(false);
    expect(() => requireReader(new RouterContextProvider())).toThrow(expect.objectContaining({ status: 302 }));
  });
});
