import { randomUUID } from "node:crypto";
import { createCookie, createCookieSessionStorage } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/free-port";
import { type RunningServer, startServer } from "../support/server-process";

const SECRET = "hardening-test-secret-of-enough-length";
let server: RunningServer;

beforeAll(async () => {
  // An auth service that is not there: nothing listens on this port.
  const nowhere = await freePort();
  server = await startServer({
    AUTH_SERVICE_URL: `http://127.0.0.1:${nowhere}/api/auth`,
    SESSION_SECRET: SECRET,
    AUTH_REVALIDATE_SECONDS: "0",
  });
});
afterAll(() => server.stop());

/** The session cookie the app would have set for a signed-in user, due for its next check. */
async function signedInCookie() {
  const storage = createCookieSessionStorage({ cookie: { name: "__session", secrets: [SECRET] } });
  const session = await storage.getSession();
  session.set("token", "some-token");
  session.set("user", {
    id: randomUUID(),
    email: "reader@example.com",
    roles: ["viewer"],
    projectIds: [],
    status: "active",
    createdAt: "2026-01-01T00:00:00Z",
  });
  session.set("validatedAt", 0);
  return (await storage.commitSession(session)).split(";")[0];
}
const language = async (lng: string) => (await createCookie("lng").serialize(lng)).split(";")[0];

describe("error pages rendered by the server", () => {
  it("an unreachable auth service gives the 503 page as HTML, in the user's language", async () => {
    const response = await fetch(`${server.url}/`, {
      headers: { Cookie: `${await signedInCookie()}; ${await language("ru")}` },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<html lang="ru"/);
    expect(html).toContain("Сервис недоступен");
  });

  it("a page action posted as JSON gets the 415 page, in the visitor's language", async () => {
    const response = await fetch(`${server.url}/sign-in?index`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, Cookie: await language("uz-Cyrl") },
      body: JSON.stringify({ email: "reader@example.com", password: "whatever" }),
    });
    expect(response.status).toBe(415);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain("Қўллаб-қувватланмайдиган формат");
  });

  it("a post to a route that takes none gets the 405 page, logged as a warning, not an error", async () => {
    const logged = server.output().length;
    const response = await fetch(`${server.url}/sign-in`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        Cookie: await language("ru"),
      },
      body: new URLSearchParams({ email: "reader@example.com", password: "whatever" }),
    });
    expect(response.status).toBe(405);
    const html = await response.text();
    expect(html).toContain('data-error-status="405"');
    expect(html).toContain("Метод не поддерживается");
    expect(html).not.toContain("Что-то пошло не так");
    await expect.poll(() => server.output().slice(logged)).toMatch(/"level":40.*"status":405/);
    expect(server.output().slice(logged)).not.toMatch(/"level":50/);
  });

  it("a post without Origin is refused when Sec-Fetch-Site or the Referer says it is from another site", async () => {
    const forged: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site" },
      { Referer: "https://evil.example/form" },
    ];
    for (const headers of forged) {
      const response = await fetch(`${server.url}/sign-in?index`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ email: "reader@example.com", password: "whatever" }),
      });
      // Refused before the action: it would have asked the (unreachable) auth service and answered 503.
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(await response.text()).toContain('data-error-status="403"');
    }
  });
});
