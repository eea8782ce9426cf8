import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as localeAction, middleware as localeMiddleware } from "~/routes/resources.locale";
import { openTestDatabase } from "../support/builders";
import { callRoute, ORIGIN } from "../support/route";

// The routes read the configuration from the request's services, which come with the test file's database.
let close: () => Promise<void>;
beforeAll(async () => {
  close = (await openTestDatabase()).close;
});
afterAll(() => close());

/** POST /resources/locale as a browser would send it, with the given headers only. */
async function postLocale(headers: Record<string, string>) {
  const request = new Request(`${ORIGIN}/resources/locale`, {
    method: "POST",
    body: new URLSearchParams({ lng: "ru", redirectTo: "/projects" }),
    headers,
  });
  return (await callRoute(localeAction, request, localeMiddleware as never)) as Response;
}

describe("resource routes refuse posts from other sites (POST /resources/locale)", () => {
  it("accepts a same-origin post whose browser or proxy dropped Sec-Fetch-Site, by its Origin", async () => {
    const response = await postLocale({ Origin: ORIGIN });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/projects");
    expect(response.headers.get("Set-Cookie")).toMatch(/^lng=/);
  });

  it("accepts a same-origin post without Origin by its Referer, and one marked same-origin", async () => {
    expect((await postLocale({ Referer: `${ORIGIN}/settings` })).status).toBe(302);
    expect((await postLocale({ Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" })).status).toBe(302);
  });

  it("refuses a same-site post from a sibling subdomain", async () => {
    const response = await postLocale({ Origin: "http://evil.localhost:3000", "Sec-Fetch-Site": "same-site" });
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses cross-site posts, with or without Sec-Fetch-Site, and posts that name no origin", async () => {
    const refused: Record<string, string>[] = [
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://evil.example" },
      { Origin: "http://localhost:3001" },
      { Origin: "null" },
      { Referer: "https://evil.example/page" },
      {},
    ];
    for (const headers of refused) {
      expect((await postLocale(headers)).status, JSON.stringify(headers)).toBe(403);
    }
  });
});
