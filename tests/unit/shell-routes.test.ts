import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionContext } from "~/core/context.server";
import { requireUserMiddleware } from "~/features/auth/guard.server";
import { csrfMiddleware } from "~/lib/csrf.server";
import { readSidebarCollapsed } from "~/lib/sidebar.server";
import { loader as rootLoader } from "~/root";
import { i18nextMiddleware } from "~/root.server";
import { loader as notFoundLoader } from "~/routes/_app.not-found";
import { action as localeAction } from "~/routes/resources.locale";
import { action as sidebarAction } from "~/routes/resources.sidebar";
import { action as themeAction } from "~/routes/resources.theme";
import { loader as statusLoader } from "~/routes/status-page";
import { openTestDatabase } from "../support/builders";
import { callRoute, cookieFrom, formPost, ORIGIN } from "../support/route";

// The routes read the configuration from the request's services, which come with the test file's database.
let close: () => Promise<void>;
beforeAll(async () => {
  close = (await openTestDatabase()).close;
});
afterAll(() => close());

const get = (path: string, headers: Record<string, string> = {}) => new Request(`${ORIGIN}${path}`, { headers });

describe("root loader: language and theme", () => {
  it("renders English with the system theme for a first visit", async () => {
    const data = (await callRoute(rootLoader, get("/"))) as Awaited<ReturnType<typeof rootLoader>>;
    expect(data).toMatchObject({ locale: "en", theme: "system", resolvedTheme: null, version: "1.4.0" });
  });

  it("follows Accept-Language, including Uzbek in Cyrillic", async () => {
    for (const [header, locale] of [
      ["ru-RU,ru;q=0.9", "ru"],
      ["uz-Cyrl-UZ", "uz-Cyrl"],
      ["uz", "uz"],
      ["fr", "en"],
    ]) {
      const data = (await callRoute(rootLoader, get("/", { "Accept-Language": header as string }))) as {
        locale: string;
      };
      expect(data.locale, header).toBe(locale);
    }
  });

  it("resolves 'system' on the server from the colour-scheme client hint", async () => {
    const data = (await callRoute(rootLoader, get("/", { "Sec-CH-Prefers-Color-Scheme": "dark" }))) as {
      theme: string;
      resolvedTheme: string;
    };
    expect(data).toMatchObject({ theme: "system", resolvedTheme: "dark" });
  });
});

describe("language switch (POST /resources/locale)", () => {
  it("stores the language in the lng cookie, which wins over Accept-Language, and goes back", async () => {
    const response = (await callRoute(
      localeAction,
      formPost("/resources/locale", { lng: "uz-Cyrl", redirectTo: "/integrations" }),
      [],
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/integrations");
    const cookie = cookieFrom(response, "lng");
    const data = (await callRoute(rootLoader, get("/", { Cookie: cookie, "Accept-Language": "ru" }))) as {
      locale: string;
    };
    expect(data.locale).toBe("uz-Cyrl");
  });

  it("rejects an unknown language and never redirects off-site", async () => {
    const bad = (await callRoute(localeAction, formPost("/resources/locale", { lng: "xx" }), [])) as {
      init: ResponseInit;
    };
    expect(bad.init.status).toBe(400);
    const offsite = (await callRoute(
      localeAction,
      formPost("/resources/locale", { lng: "ru", redirectTo: "//evil.example" }),
      [],
    )) as Response;
    expect(offsite.headers.get("Location")).toBe("/");
  });
});

/** The root's same-origin check (ADR 058), the one middleware these posts need. */
const sameOrigin = [csrfMiddleware] as never;

describe("theme switch (POST /resources/theme)", () => {
  it("without JavaScript: stores the theme and redirects back; the next render carries it", async () => {
    const response = (await callRoute(
      themeAction,
      formPost("/resources/theme", { theme: "dark", redirectTo: "/?x=1" }),
      sameOrigin,
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/?x=1");
    const data = (await callRoute(rootLoader, get("/", { Cookie: cookieFrom(response, "theme") }))) as {
      theme: string;
      resolvedTheme: string;
    };
    expect(data).toMatchObject({ theme: "dark", resolvedTheme: "dark" });
  });

  it("with JavaScript (remix-themes posts JSON): null means system and clears the cookie", async () => {
    const request = new Request(`${ORIGIN}/resources/theme`, {
      method: "POST",
      body: JSON.stringify({ theme: null }),
      headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
    });
    const result = (await callRoute(themeAction, request, sameOrigin)) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(result.data).toEqual({ ok: true, theme: "system" });
    expect(String(new Headers(result.init.headers).get("Set-Cookie"))).toMatch(/theme=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("rejects a bad value and a cross-site post", async () => {
    const bad = (await callRoute(themeAction, formPost("/resources/theme", { theme: "purple" }), sameOrigin)) as {
      init: ResponseInit;
    };
    expect(bad.init.status).toBe(400);
    const crossSite = formPost(
      "/resources/theme",
      { theme: "dark" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    );
    const forbidden = (await callRoute(themeAction, crossSite, sameOrigin)) as Response;
    expect(forbidden.status).toBe(403);
  });
});

describe("sidebar state (POST /resources/sidebar)", () => {
  it("remembers the collapsed sidebar for the layout", async () => {
    const response = (await callRoute(
      sidebarAction,
      formPost("/resources/sidebar", { collapsed: "true", redirectTo: "/" }),
      [],
    )) as Response;
    expect(response.status).toBe(302);
    expect(await readSidebarCollapsed(get("/", { Cookie: cookieFrom(response, "sidebar") }))).toBe(true);
    expect(await readSidebarCollapsed(get("/"))).toBe(false);
  });
});

describe("error routes", () => {
  it.each([401, 403, 404, 500, 503])("/%i is served with status %i", async (status) => {
    const result = (await callRoute(statusLoader, get(`/${status}`), [i18nextMiddleware as never])) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(result.init.status).toBe(status);
    expect(result.data).toEqual({ status });
  });

  it("an unknown URL throws a 404", async () => {
    const thrown = await Promise.resolve()
      .then(() => notFoundLoader())
      .catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });

  it("signed out, an unknown URL is a public 404 while a known page asks to sign in", async () => {
    const context = new RouterContextProvider();
    context.set(sessionContext, { user: null, token: null, expired: false });
    const guard = (path: string, params: Record<string, string>) =>
      Promise.resolve()
        .then(() =>
          requireUserMiddleware(
            { request: get(path), url: new URL(`${ORIGIN}${path}`), context, params, pattern: "" } as never,
            async () => new Response(null),
          ),
        )
        .catch((error: unknown) => error);
    expect(await guard("/no/such/page", { "*": "no/such/page" })).toMatchObject({ init: { status: 404 } });
    const redirect = (await guard("/projects", {})) as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/sign-in?redirect=%2Fprojects");
  });
});
