import { once } from "node:events";
import net, { type AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { markSessionsStale } from "~/features/auth/session.server";
import { updatePreferences } from "~/features/settings/preferences.server";
import { commitLocale } from "~/i18n/locale-cookie.server";

import { loader as rootLoader, middleware as rootMiddleware } from "~/root";
import { loader as appLoader, middleware as appMiddleware } from "~/routes/_app";
import { action as accountAction } from "~/routes/_app.settings.account";
import { action as localeAction } from "~/routes/resources.locale";
import { action as signInAction } from "~/routes/sign-in._index";
import { action as signOutAction } from "~/routes/sign-out";
import { authRouter } from "../../server/auth-service/http";
import { logSerializers } from "../../server/log-serializers";
import { api, authServiceForFile } from "../support/auth-service";
import { openTestDatabase } from "../support/builders";
import { callRoute, cookieFrom, formPost, ORIGIN } from "../support/route";
import { testEnv, testServices } from "../support/services";

const auth = authServiceForFile();
let database: DatabaseHandle;
const config = testEnv();
const UNREACHABLE = "http://127.0.0.1:9/api/auth";

beforeAll(async () => {
  database = await openTestDatabase();
  for (const email of ["owner@example.com", "member@example.com"]) {
    await api(auth.url, "/signup", { body: { email, password: "long enough", confirmPassword: "long enough" } });
  }
});
afterAll(() => database.close());

const root = rootMiddleware as never[];
const page = [...rootMiddleware, ...appMiddleware] as never[];
const get = (path: string, headers: Record<string, string> = {}) => new Request(`${ORIGIN}${path}`, { headers });
const post = (path: string, body: BodyInit, headers: Record<string, string>) =>
  new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: { Origin: ORIGIN, ...headers } });
type Thrown = { data: any; init?: ResponseInit };
type Result = { data: any; init: ResponseInit };

async function signIn(email: string, password = "long enough") {
  return (await callRoute(signInAction, formPost("/sign-in?index", { email, password }), root)) as Response;
}
const sessionOf = async (email: string) => cookieFrom(await signIn(email), "__session");
/** The user the signed-in layout sees for this cookie, or where it sends the visitor instead. */
async function visit(cookie: string) {
  const result = (await callRoute(appLoader, get("/", { Cookie: cookie }), page)) as
    | Response
    | { user: { email: string; roles: string[] } };
  return result instanceof Response ? { redirect: result.headers.get("Location") } : { user: result.user };
}

describe("auth service down or frozen", () => {
  it("a session due for a check, with the service unreachable, is a 503 with the visitor's language and theme", async () => {
    const cookie = await sessionOf("owner@example.com");
    const russian = (await commitLocale(config, "ru")).split(";")[0];
    config.AUTH_REVALIDATE_SECONDS = 0;
    config.authServiceUrl = UNREACHABLE;
    const thrown = (await callRoute(
      appLoader,
      get("/", { Cookie: `${cookie}; ${russian}`, "Sec-CH-Prefers-Color-Scheme": "dark" }),
      page,
    ).catch((error: unknown) => error)) as Thrown;
    expect(thrown.init?.status).toBe(503);
    expect(thrown.data.document).toMatchObject({ locale: "ru", theme: "system", resolvedTheme: "dark" });
  });

  it("sign-in against a frozen service gives up within seconds, with the translated message", async () => {
    const frozen = net.createServer(() => {}); // accepts, never answers (like a SIGSTOPped process)
    frozen.listen(0, "127.0.0.1");
    await once(frozen, "listening");
    config.authServiceUrl = `http://127.0.0.1:${(frozen.address() as AddressInfo).port}/api/auth`;
    const started = Date.now();
    const result = (await signIn("owner@example.com")) as unknown as Result;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.init.status).toBe(503);
    expect(result.data.formError).toEqual({ key: "auth:errors.unavailable" });
    frozen.close();
  });
});

describe("bad input is a 4xx with a message", () => {
  const cutOff = `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nowner@exa`;

  it("a page action posted as JSON is 415; a cut-off multipart form is 400", async () => {
    const json = (await callRoute(
      signInAction,
      post("/sign-in?index", JSON.stringify({ email: "owner@example.com" }), { "Content-Type": "application/json" }),
      root,
    ).catch((error: unknown) => error)) as Thrown;
    expect(json.init?.status).toBe(415);
    // React Router would otherwise call the thrown error an "Internal Server Error".
    expect(json.init?.statusText).toBe("Unsupported Media Type");
    expect(json.data.error).toMatch(/application\/x-www-form-urlencoded/);

    const cookie = await sessionOf("owner@example.com");
    const multipart = (await callRoute(
      accountAction,
      post("/settings/account", cutOff, { "Content-Type": "multipart/form-data; boundary=x", Cookie: cookie }),
      page,
    ).catch((error: unknown) => error)) as Thrown;
    expect(multipart.init?.status).toBe(400);
    expect(multipart.init?.statusText).toBe("Bad Request");
    expect(multipart.data.error).toMatch(/incomplete/);
  });

  it("resource routes refuse the same with their own 415/400 answer", async () => {
    const json = (await callRoute(
      localeAction,
      post("/resources/locale", JSON.stringify({ lng: "ru" }), { "Content-Type": "application/json" }),
      [],
    )) as Response;
    expect(json.status).toBe(415);
    const multipart = (await callRoute(
      localeAction,
      post("/resources/locale", cutOff, { "Content-Type": "multipart/form-data; boundary=x" }),
      [],
    )) as Response;
    expect(multipart.status).toBe(400);
    expect((await multipart.json()).error).toMatch(/incomplete/);
  });

  it("refuses a form that is not valid UTF-8, so different bytes never become the same password", async () => {
    for (const bytes of ["%FF", "%FE", "%C3%28"]) {
      const thrown = (await callRoute(
        signInAction,
        post("/sign-in?index", `email=owner%40example.com&password=${bytes}`, {
          "Content-Type": "application/x-www-form-urlencoded",
        }),
        root,
      ).catch((error: unknown) => error)) as Thrown;
      expect(thrown.init?.status, bytes).toBe(400);
      expect(thrown.data.error).toMatch(/UTF-8/);
    }
  });

  it("ignores a malformed tz cookie", async () => {
    const data = (await callRoute(rootLoader, get("/", { Cookie: "tz=%" }))) as { format: { timeZone: string } };
    expect(data.format.timeZone).toBe("UTC");
  });

  it("an over-long password says the real limit, on sign-in and on password change", async () => {
    const long = "x".repeat(40_000);
    const signInResult = (await signIn("owner@example.com", long)) as unknown as Result;
    expect(signInResult.init.status).toBe(400);
    expect(signInResult.data.fieldErrors).toEqual({ password: "auth:errors.passwordTooLong" });

    const cookie = await sessionOf("owner@example.com");
    const change = (await callRoute(
      accountAction,
      formPost(
        "/settings/account",
        { intent: "password", currentPassword: long, newPassword: "long enough 2", confirmPassword: "long enough 2" },
        { Cookie: cookie },
      ),
      page,
    )) as Result;
    expect(change.init.status).toBe(400);
    expect(change.data.fieldErrors).toEqual({ currentPassword: "auth:errors.passwordTooLong" });
  });
});

describe("the end of a session takes effect on the next request", () => {
  it("a copied cookie is signed out on its next request after sign-out", async () => {
    const cookie = await sessionOf("member@example.com");
    const copy = cookie;
    expect(await visit(copy)).toEqual({ user: expect.objectContaining({ email: "member@example.com" }) });
    await callRoute(signOutAction, formPost("/sign-out", {}, { Cookie: cookie }), root);
    expect(await visit(copy)).toEqual({ redirect: "/sign-in?redirect=%2F" });
  });

  it("a password change ends the other sessions at once and keeps the one that made it", async () => {
    const here = await sessionOf("member@example.com");
    const elsewhere = await sessionOf("member@example.com");
    const changed = (await callRoute(
      accountAction,
      formPost(
        "/settings/account",
        {
          intent: "password",
          currentPassword: "long enough",
          newPassword: "long enough 2",
          confirmPassword: "long enough 2",
        },
        { Cookie: here },
      ),
      page,
    )) as Response;
    expect(changed.status).toBe(302);
    expect(await visit(elsewhere)).toEqual({ redirect: "/sign-in?redirect=%2F" });
    expect(await visit(here)).toEqual({ user: expect.objectContaining({ email: "member@example.com" }) });
    const token = (await api(auth.url, "/login", { body: { email: "member@example.com", password: "long enough 2" } }))
      .body.data.token;
    await api(auth.url, "/password", { token, body: { currentPassword: "long enough 2", newPassword: "long enough" } });
  });

  it("an admin's change to a user (a new role, deactivation) reaches their session at once", async () => {
    const admin = (await api(auth.url, "/login", { body: { email: "owner@example.com", password: "long enough" } }))
      .body.data.token;
    const { body } = await api(auth.url, "/users", {
      method: "POST",
      token: admin,
      body: { email: "analyst@example.com", password: "long enough", roles: ["analyst"] },
    });
    const id = body.data.user.id as string;
    const cookie = await sessionOf("analyst@example.com");
    expect(await visit(cookie)).toEqual({ user: expect.objectContaining({ roles: ["analyst"] }) });

    await api(auth.url, `/users/${id}`, { method: "PATCH", token: admin, body: { roles: ["manager"] } });
    await markSessionsStale(testServices(), id);
    expect(await visit(cookie)).toEqual({ user: expect.objectContaining({ roles: ["manager"] }) });

    await api(auth.url, `/users/${id}`, { method: "PATCH", token: admin, body: { status: "deactivated" } });
    await markSessionsStale(testServices(), id);
    expect(await visit(cookie)).toEqual({ redirect: "/sign-in?redirect=%2F" });
  });
});

describe("logs of failed queries", () => {
  function capture() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { lines, stream };
  }

  it("the app's log keeps the query but never its parameters", async () => {
    const failure = await updatePreferences(testServices(), "00000000-0000-4000-8000-000000000001", {
      bio: "my secret bio\u0000",
    }).catch((error: unknown) => error);
    const { lines, stream } = capture();
    // The server's log (server/main.ts), which loaders, actions and jobs write to through their services.
    pino({ serializers: logSerializers }, stream).error({ err: failure }, "failed");
    const { err } = JSON.parse(lines.join());
    expect(err.message).toMatch(/^Failed query: update "user_preferences" set "bio" = \$1/);
    expect(lines.join()).not.toMatch(/secret bio/);
  });

  it("the auth service's log keeps the query but never its parameters", async () => {
    const { lines, stream } = capture();
    const app = express().use("/api/auth", authRouter(auth.service, pino(stream)));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth`;
    // Both drivers take a plain query string.
    const { client } = auth.connection as { client: { query(text: string): Promise<unknown> } };
    await client.query("ALTER TABLE auth.attempts RENAME TO attempts_gone");
    try {
      const failed = await api(url, "/login", { body: { email: "secret.person@example.com", password: "x" } });
      expect(failed.status).toBe(503);
    } finally {
      await client.query("ALTER TABLE auth.attempts_gone RENAME TO attempts");
      server.close();
    }
    const { err } = JSON.parse(lines.join());
    expect(err.message).toMatch(/^Failed query: .*"auth"."attempts"/);
    expect(lines.join()).not.toMatch(/secret\.person/);
  });
});
