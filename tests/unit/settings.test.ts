import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preferencesContext, sessionContext } from "~/core/context.server";
import type { DatabaseHandle } from "~/db/client.server";
import { loadPreferences, preferencesMiddleware } from "~/features/settings/preferences.server";
import { getLocale } from "~/i18n/i18n.server";
import { i18nextMiddleware } from "~/root.server";
import { action as profileAction } from "~/routes/_app.settings._index";
import { action as accountAction } from "~/routes/_app.settings.account";
import { action as appearanceAction } from "~/routes/_app.settings.appearance";
import { action as notificationsAction } from "~/routes/_app.settings.notifications";
import { action as localeAction } from "~/routes/resources.locale";
import { action as themeAction } from "~/routes/resources.theme";
import { openTestDatabase } from "../support/builders";
import { formPost, ORIGIN } from "../support/route";
import { testContext, testServices } from "../support/services";
import { signedInContext } from "../support/session";

let db: DatabaseHandle;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

type Action = (args: any) => Promise<unknown>;
/** Runs a settings action as the signed-in user; returns what React Router would get back. */
async function post(action: Action, path: string, fields: Record<string, string>, context: RouterContextProvider) {
  const request = formPost(path, fields);
  try {
    return await action({ request, context, params: {}, url: new URL(request.url), pattern: path });
  } catch (thrown) {
    return thrown;
  }
}
const stored = async (userId: string) =>
  loadPreferences(testServices(), userId, () => Promise.reject(new Error("row expected")));
const hasToast = (response: Response) => response.headers.getSetCookie().some((c) => c.startsWith("toast="));

describe("settings forms", () => {
  it("profile: stores the bio, redirects back with the saved toast; too long is a field error and stores nothing", async () => {
    const { user, context } = await signedInContext();
    const ok = (await post(
      profileAction,
      "/settings",
      { bio: "  PR lead for the Tashkent office  " },
      context,
    )) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/settings");
    expect(hasToast(ok)).toBe(true);
    expect((await stored(user.id)).bio).toBe("PR lead for the Tashkent office");

    const bad = (await post(profileAction, "/settings", { bio: "x".repeat(501) }, context)) as {
      data: any;
      init: ResponseInit;
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ bio: "settings:errors.bioTooLong" });
    expect((await stored(user.id)).bio).toBe("PR lead for the Tashkent office");

    await post(profileAction, "/settings", { bio: "   " }, context);
    expect((await stored(user.id)).bio).toBeNull();
  });

  it("account: time zone, clock, date format and relative times; an unknown zone is refused", async () => {
    const { user, context } = await signedInContext();
    const ok = (await post(
      accountAction,
      "/settings/account",
      { intent: "regional", timezone: "Asia/Tashkent", clock: "12", dateFormat: "iso" },
      context,
    )) as Response;
    expect(ok.status).toBe(302);
    expect(await stored(user.id)).toMatchObject({
      timezone: "Asia/Tashkent",
      use12Hour: true,
      dateFormat: "iso",
      showRelativeTime: false,
    });

    const bad = (await post(
      accountAction,
      "/settings/account",
      { intent: "regional", timezone: "Mars/Olympus", clock: "25", dateFormat: "fancy", showRelativeTime: "on" },
      context,
    )) as { data: any; init: ResponseInit };
    expect(bad.init.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({
      timezone: "settings:errors.timezoneInvalid",
      clock: "settings:errors.choose",
      dateFormat: "settings:errors.choose",
    });
    expect(await stored(user.id)).toMatchObject({ timezone: "Asia/Tashkent", showRelativeTime: false });
  });

  it("appearance: stores the font; an unknown font is refused", async () => {
    const { user, context } = await signedInContext();
    expect(
      ((await post(appearanceAction, "/settings/appearance", { font: "noto-sans" }, context)) as Response).status,
    ).toBe(302);
    expect((await stored(user.id)).font).toBe("noto-sans");
    const bad = (await post(appearanceAction, "/settings/appearance", { font: "comic-sans" }, context)) as {
      init: ResponseInit;
    };
    expect(bad.init.status).toBe(400);
    expect((await stored(user.id)).font).toBe("noto-sans");
  });

  it("notifications: unticked boxes are off, security e-mails stay on whatever is sent", async () => {
    const { user, context } = await signedInContext();
    await post(
      notificationsAction,
      "/settings/notifications",
      { notify: "mentions", marketingEmails: "on", securityEmails: "false" },
      context,
    );
    expect(await stored(user.id)).toMatchObject({
      notify: "mentions",
      communicationEmails: false,
      marketingEmails: true,
      socialEmails: false,
      securityEmails: true,
      mobilePushDifferent: false,
    });
    const bad = (await post(notificationsAction, "/settings/notifications", { notify: "everything" }, context)) as {
      init: ResponseInit;
    };
    expect(bad.init.status).toBe(400);
  });

  it("refuses anonymous posts", async () => {
    const anonymous = new RouterContextProvider();
    for (const [action, path] of [
      [profileAction, "/settings"],
      [accountAction, "/settings/account"],
      [appearanceAction, "/settings/appearance"],
      [notificationsAction, "/settings/notifications"],
    ] as const) {
      const response = (await post(action, path, { bio: "x", font: "inter", notify: "all" }, anonymous)) as Response;
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/sign-in");
    }
  });

  it("a failed database write is a form error and the stored value stays (the page rolls back to it)", async () => {
    const { user, context } = await signedInContext();
    await post(appearanceAction, "/settings/appearance", { font: "inter" }, context);
    // A real failure of the real database: a trigger that refuses updates.
    await db.db.execute(
      sql`CREATE FUNCTION refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await db.db.execute(
      sql`CREATE TRIGGER refuse BEFORE UPDATE ON user_preferences FOR EACH ROW EXECUTE FUNCTION refuse_update()`,
    );
    try {
      const failed = (await post(appearanceAction, "/settings/appearance", { font: "ibm-plex-sans" }, context)) as {
        data: any;
        init: ResponseInit;
      };
      expect(failed.init.status).toBe(500);
      expect(failed.data).toEqual({ formError: { key: "settings:preferences.updateFailed" } });
    } finally {
      await db.db.execute(sql`DROP TRIGGER refuse ON user_preferences`);
      await db.db.execute(sql`DROP FUNCTION refuse_update()`);
    }
    expect((await stored(user.id)).font).toBe("inter");
  });
});

describe("the header switchers write the signed-in user's preferences", () => {
  it("theme (JSON from remix-themes) and language (form post)", async () => {
    const { user, context } = await signedInContext();
    const themeRequest = new Request(`${ORIGIN}/resources/theme`, {
      method: "POST",
      body: JSON.stringify({ theme: "dark" }),
      headers: { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" },
    });
    await themeAction({
      request: themeRequest,
      context,
      params: {},
      url: new URL(themeRequest.url),
      pattern: "",
    } as never);
    await post(localeAction, "/resources/locale", { lng: "uz-Cyrl", redirectTo: "/" }, context);
    expect(await stored(user.id)).toMatchObject({ theme: "dark", language: "uz-Cyrl", locale: "uz-Cyrl" });
  });
});

describe("preferences on every request", () => {
  async function runRoot(request: Request, context: RouterContextProvider) {
    let locale = "";
    const response = await preferencesMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: "/" } as never,
      async () => {
        await i18nextMiddleware(
          { request, context, params: {}, url: new URL(request.url), pattern: "/" } as never,
          async () => {
            locale = getLocale(context);
            return new Response(null);
          },
        );
        return new Response(null);
      },
    );
    return { response: response as Response, locale };
  }

  it("creates the row on first use from the browser's time zone, language and theme", async () => {
    const context = testContext();
    const { user } = await signedInContext({ id: "00000000-0000-4000-8000-00000000f1f1" });
    context.set(sessionContext, {
      user: { ...user, id: "00000000-0000-4000-8000-00000000abcd" },
      token: null,
      expired: false,
    });
    const request = new Request(`${ORIGIN}/`, {
      headers: { Cookie: "tz=Asia%2FSamarkand", "Accept-Language": "ru-RU" },
    });
    await runRoot(request, context);
    expect(context.get(preferencesContext)).toMatchObject({
      timezone: "Asia/Samarkand",
      language: "ru",
      locale: "ru",
      theme: "system",
    });
  });

  it("the saved language beats the lng cookie and Accept-Language, and the cookies are brought in line", async () => {
    const { user, context } = await signedInContext();
    await post(localeAction, "/resources/locale", { lng: "uz", redirectTo: "/" }, context);
    const fresh = testContext();
    fresh.set(sessionContext, { user, token: null, expired: false });
    const request = new Request(`${ORIGIN}/`, { headers: { "Accept-Language": "ru", Cookie: "tz=UTC" } });
    const { response, locale } = await runRoot(request, fresh);
    expect(locale).toBe("uz");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("lng="))).toBe(true);
  });
});
