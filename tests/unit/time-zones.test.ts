import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { loadPreferences } from "~/features/settings/preferences.server";
import { timeZoneGroups, timeZoneLabel } from "~/features/settings/time-zones.server";

import { middleware as rootMiddleware } from "~/root";
import { loader as appLoader, middleware as appMiddleware } from "~/routes/_app";
import { action as accountAction, loader as accountLoader } from "~/routes/_app.settings.account";
import { action as zoneAction } from "~/routes/resources.time-zone";
import { action as signInAction } from "~/routes/sign-in._index";
import { action as signUpAction } from "~/routes/sign-up._index";
import { ZONE_CITIES_FILE, zoneCitiesJson } from "../../scripts/zone-cities";
import { seedDemoZones } from "../../server/demo/seed";
import { DEMO_TIME_ZONE } from "../../server/demo/team";
import { api, startAuthService } from "../support/auth-service";
import { openTestDatabase } from "../support/builders";
import { callRoute, cookieFrom, formPost, ORIGIN, routeArgs } from "../support/route";
import { testEnv, testServices } from "../support/services";
import { signedInContext } from "../support/session";

let auth: Awaited<ReturnType<typeof startAuthService>>;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  auth = await startAuthService();
  testEnv().authServiceUrl = auth.url;
  await api(auth.url, "/signup", {
    body: { email: "owner@example.com", password: "owner-password", confirmPassword: "owner-password" },
  });
});
afterAll(async () => {
  await auth.close();
  await database.close();
});

const stored = async (userId: string) =>
  loadPreferences(testServices(), userId, () => Promise.reject(new Error("row expected")));

const page = [...rootMiddleware, ...appMiddleware] as never[];

/**
 * Signs up through the page's action as the browser's form would, then opens the first page with the
 * cookies the browser then has (its own `tz` unless the sign-up replaced it); returns the stored zone.
 */
async function signUpAndOpen(email: string, fields: Record<string, string>, browserZone?: string) {
  const browserCookie = browserZone ? `tz=${encodeURIComponent(browserZone)}` : "";
  const response = (await callRoute(
    signUpAction,
    formPost("/sign-up?index", { email, password: "long enough", confirmPassword: "long enough", ...fields }),
    rootMiddleware as never[],
  )) as Response;
  expect(response.status).toBe(302);
  const zoneCookie = response.headers.getSetCookie().find((c) => c.startsWith("tz="));
  const cookies = [cookieFrom(response, "__session"), zoneCookie?.split(";")[0] ?? browserCookie].filter(Boolean);
  await callRoute(appLoader, new Request(`${ORIGIN}/`, { headers: { Cookie: cookies.join("; ") } }), page);
  const login = await api(auth.url, "/login", { body: { email, password: "long enough" } });
  return { id: login.body.data.user.id as string, zoneCookie, session: cookieFrom(response, "__session") };
}

/** A later page of a signed-in browser with these cookies: the layout's data (its zone notice). */
async function openPage(session: string, ...cookies: string[]) {
  const request = new Request(`${ORIGIN}/`, { headers: { Cookie: [session, ...cookies].join("; ") } });
  return (await callRoute(appLoader, request, page)) as Awaited<ReturnType<typeof appLoader>>;
}

/** The shell notice's form, posted as the browser would (JavaScript or not). */
async function postNotice(session: string, fields: Record<string, string>) {
  const request = formPost(
    "/resources/time-zone",
    { redirectTo: "/analytics?period=7", ...fields },
    { Cookie: session },
  );
  return (await callRoute(zoneAction, request, page)) as Response;
}

describe("the browser's time zone at sign-up and sign-in", () => {
  it("a new account starts in the zone the sign-up form sent, ahead of the tz cookie", async () => {
    const { id, zoneCookie } = await signUpAndOpen("zone@example.com", { timezone: "Asia/Tashkent" }, "Europe/Berlin");
    expect(zoneCookie).toMatch(/^tz=Asia%2FTashkent; Path=\/;/);
    expect((await stored(id)).timezone).toBe("Asia/Tashkent");
  });

  it("an unknown zone from the form is ignored: the tz cookie, else UTC", async () => {
    const withCookie = await signUpAndOpen("cookie@example.com", { timezone: "Mars/Olympus" }, "Europe/Berlin");
    expect(withCookie.zoneCookie).toBeUndefined();
    expect((await stored(withCookie.id)).timezone).toBe("Europe/Berlin");
    // No zone known at all: none is chosen (the screens read UTC) until a page brings the browser's.
    const without = await signUpAndOpen("nothing@example.com", { timezone: "<script>" });
    expect((await stored(without.id)).timezone).toBeNull();
  });

  it("signing in never overwrites a zone already saved", async () => {
    const { id } = await signUpAndOpen("kept@example.com", { timezone: "Asia/Samarkand" });
    const response = (await callRoute(
      signInAction,
      formPost("/sign-in?index", {
        email: "kept@example.com",
        password: "long enough",
        redirect: "/",
        timezone: "America/New_York",
      }),
      rootMiddleware as never[],
    )) as Response;
    expect(response.status).toBe(302);
    const cookies = `${cookieFrom(response, "__session")}; ${cookieFrom(response, "tz")}`;
    await callRoute(appLoader, new Request(`${ORIGIN}/`, { headers: { Cookie: cookies } }), page);
    expect((await stored(id)).timezone).toBe("Asia/Samarkand");
  });
});

describe("an account with no zone chosen, and the notice when the browser is elsewhere", () => {
  it("an account with no zone chosen takes the browser's zone on its next page, with no notice", async () => {
    const { id, session } = await signUpAndOpen("later@example.com", {});
    expect((await stored(id)).timezone).toBeNull();
    const layout = await openPage(session, "tz=Asia%2FTashkent");
    expect((await stored(id)).timezone).toBe("Asia/Tashkent");
    expect(layout.zoneNotice).toBeNull();
    // From then on it is the account's zone: a browser elsewhere does not replace it.
    await openPage(session, "tz=Europe%2FBerlin");
    expect((await stored(id)).timezone).toBe("Asia/Tashkent");
  });

  it("a chosen zone is kept; the notice offers the browser's only while they differ, and goes once declined", async () => {
    const { id, session } = await signUpAndOpen("traveller@example.com", { timezone: "Asia/Samarkand" });
    const away = await openPage(session, "tz=Europe%2FBerlin");
    expect((await stored(id)).timezone).toBe("Asia/Samarkand");
    expect(away.zoneNotice?.browser).toEqual({ id: "Europe/Berlin", label: expect.stringMatching(/^Berlin \(UTC/) });
    expect(away.zoneNotice?.saved.label).toBe("Samarkand (UTC+05:00)");
    expect((await openPage(session, "tz=Asia%2FSamarkand")).zoneNotice).toBeNull();
    expect((await openPage(session)).zoneNotice).toBeNull();

    // "Keep Samarkand": back to the page, and this browser is not asked about Berlin again (but is about Paris).
    const kept = await postNotice(session, { intent: "keep", zone: "Europe/Berlin" });
    expect(kept.status).toBe(302);
    expect(kept.headers.get("Location")).toBe("/analytics?period=7");
    const declined = cookieFrom(kept, "tz-kept");
    expect((await openPage(session, "tz=Europe%2FBerlin", declined)).zoneNotice).toBeNull();
    expect((await openPage(session, "tz=Europe%2FParis", declined)).zoneNotice?.browser.id).toBe("Europe/Paris");
    expect((await stored(id)).timezone).toBe("Asia/Samarkand");

    // "Use Berlin" stores it, and the notice is gone.
    const used = await postNotice(session, { intent: "use", zone: "Europe/Berlin" });
    expect(used.headers.get("Location")).toBe("/analytics?period=7");
    expect((await stored(id)).timezone).toBe("Europe/Berlin");
    expect((await openPage(session, "tz=Europe%2FBerlin")).zoneNotice).toBeNull();
    // A zone that is not one stores nothing.
    const refused = (await postNotice(session, { intent: "use", zone: "Mars/Olympus" })) as unknown as {
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    expect((await stored(id)).timezone).toBe("Europe/Berlin");
  });

  it("the demo team starts in Tashkent, whatever the browser says; a notice then offers the browser's", async () => {
    const { id, session } = await signUpAndOpen("demo-like@example.com", {});
    const fresh = "00000000-0000-4000-8000-00000000d3e0";
    await seedDemoZones(database.connection, [{ id: fresh }, { id }]);
    const made = await loadPreferences(testServices(), fresh, async () => ({
      language: "ru",
      timezone: "Europe/Berlin",
      theme: "system",
    }));
    expect(made.timezone).toBe(DEMO_TIME_ZONE);
    expect(made.language).toBe("ru");
    // An account that already had preferences keeps them.
    expect((await stored(id)).timezone).toBeNull();
    expect(DEMO_TIME_ZONE).toBe("Asia/Tashkent");
    expect((await openPage(session, "tz=Asia%2FTashkent")).zoneNotice).toBeNull();
  });
});

describe("the time-zone setting", () => {
  const load = async (context: Awaited<ReturnType<typeof signedInContext>>["context"], cookie: string) =>
    accountLoader({
      ...routeArgs(new Request(`${ORIGIN}/settings/account`, { headers: { Cookie: cookie } })),
      context,
    } as never);

  it("suggests the browser's zone only when it differs from the saved one", async () => {
    const { context } = await signedInContext(); // saved: UTC
    const elsewhere = await load(context, "tz=Asia%2FTashkent");
    expect(elsewhere.suggestedZone?.id).toBe("Asia/Tashkent");
    expect(elsewhere.suggestedZone?.label).toMatch(/^Tashkent \(UTC\+05:00\)/);
    expect((await load(context, "tz=UTC")).suggestedZone).toBeNull();
    expect((await load(context, "tz=Nowhere%2FLand")).suggestedZone).toBeNull();
  });

  it("lists every zone once, grouped by region, labelled with its city in the reader's language and its offset", () => {
    const groups = timeZoneGroups("ru", new Date("2026-01-15T12:00:00Z"));
    expect(groups[0]?.region).toBe("UTC");
    const ids = groups.flatMap((g) => g.zones.map((z) => z.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("Asia/Tashkent");
    const asia = groups.find((g) => g.region === "Asia");
    expect(asia?.zones.find((z) => z.id === "Asia/Tashkent")?.label).toBe("Ташкент (UTC+05:00)");
    // Summer time moves the offset.
    expect(timeZoneLabel("Europe/Berlin", "en", new Date("2026-07-01T12:00:00Z"))).toBe("Berlin (UTC+02:00)");
    expect(timeZoneLabel("America/Argentina/Salta", "en")).toBe("Salta (UTC-03:00)");
    expect(timeZoneLabel("America/Sao_Paulo", "en")).toBe("São Paulo (UTC-03:00)");
  });

  it("names each city in the reader's language and script (CLDR's exemplar cities), nothing left in English", () => {
    const at = new Date("2026-01-15T12:00:00Z");
    expect(timeZoneLabel("Asia/Tashkent", "uz", at)).toBe("Toshkent (UTC+05:00)");
    expect(timeZoneLabel("Asia/Tashkent", "uz-Cyrl", at)).toBe("Тошкент (UTC+05:00)");
    expect(timeZoneLabel("Asia/Samarkand", "uz-Cyrl", at)).toBe("Самарқанд (UTC+05:00)");
    expect(timeZoneLabel("America/New_York", "uz-Cyrl", at)).toBe("Нью-Йорк (UTC-05:00)");
    expect(timeZoneLabel("Europe/Moscow", "ru", at)).toBe("Москва (UTC+03:00)");
    for (const language of ["ru", "uz-Cyrl"]) {
      const latin = timeZoneGroups(language, at)
        .flatMap((g) => g.zones)
        .filter((z) => z.id !== "UTC" && /[A-Za-z]/.test(z.label.replace(/\(UTC.*\)$/, "")));
      expect(latin, language).toEqual([]);
    }
    // Short enough for the select at a phone's width: the city and the offset, no long zone name.
    const longest = Math.max(
      ...["en", "ru", "uz", "uz-Cyrl"].flatMap((l) =>
        timeZoneGroups(l, at).flatMap((g) => g.zones.map((z) => z.label.length)),
      ),
    );
    expect(longest).toBeLessThanOrEqual(40);
  });

  it("the cities file is what `npm run zone-cities` writes from the installed CLDR data", () => {
    expect(fs.readFileSync(ZONE_CITIES_FILE, "utf8")).toBe(zoneCitiesJson());
  });

  it("the one-click switch stores the zone and comes back to the section; a bad zone stores nothing", async () => {
    const { user, context } = await signedInContext();
    const post = (fields: Record<string, string>) => {
      const request = formPost("/settings/account", fields);
      return accountAction({ ...routeArgs(request), context } as never);
    };
    // Without JavaScript the form carries `backToSection` (see BackToSection) and comes back to its anchor.
    const ok = (await post({ intent: "timezone", timezone: "Asia/Tashkent", backToSection: "1" })) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/settings/account#date-time");
    const fetched = (await post({ intent: "timezone", timezone: "Asia/Samarkand" })) as Response;
    expect(fetched.headers.get("Location")).toBe("/settings/account");
    expect((await stored(user.id)).timezone).toBe("Asia/Samarkand");
    const bad = (await post({ intent: "timezone", timezone: "Mars/Olympus" })) as { data: any; init: ResponseInit };
    expect(bad.init.status).toBe(400);
    expect(bad.data.fieldErrors).toEqual({ timezone: "settings:errors.timezoneInvalid" });
    expect((await stored(user.id)).timezone).toBe("Asia/Samarkand");
  });
});
