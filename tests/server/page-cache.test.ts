import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server-process";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const BROTLI = { "Accept-Encoding": "br" };

/** Asks until the server answers from its kept copy (it keeps one once the first page has gone out). */
async function keptPage(path: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${server.url}${path}`, { headers: { ...BROTLI, ...headers } });
    const html = await response.text();
    if (response.headers.has("Age")) return { response, html };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} was never served from a kept copy`);
}

/** The text of every inline script, as the browser hashes it for CSP. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/\ssrc=/.test(attrs))
    .map((m) => m[2]);

describe("kept signed-out pages", () => {
  it("serves the sign-in page from a compressed copy whose CSP names each inline script by hash", async () => {
    const first = await fetch(`${server.url}/sign-in`, { headers: BROTLI });
    expect(first.headers.get("Server-Timing")).toMatch(/render;dur=/);
    expect(first.headers.get("Surrogate-Control")).toBeNull();
    const firstHtml = await first.text();

    const { response: kept, html } = await keptPage("/sign-in");
    expect(html).toBe(firstHtml);
    expect(kept.status).toBe(200);
    expect(kept.headers.get("Content-Encoding")).toBe("br");
    expect(kept.headers.get("Surrogate-Control")).toBeNull();
    expect(kept.headers.get("Vary")).toMatch(/Accept-Encoding/);
    expect(kept.headers.get("X-Frame-Options")).toBe("DENY");

    const csp = kept.headers.get("Content-Security-Policy") ?? "";
    expect(csp).not.toMatch(/nonce-/);
    const scripts = inlineScripts(firstHtml);
    expect(scripts.length).toBeGreaterThan(2);
    for (const script of scripts) {
      expect(csp).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    }
  });

  it("keeps a copy per language, theme and zone, and renders afresh for a browser that takes no compression", async () => {
    const russian = await keptPage("/sign-up", { "Accept-Language": "ru" });
    expect(russian.html).toMatch(/<html[^>]*lang="ru"/);
    const english = await fetch(`${server.url}/sign-up`, { headers: { ...BROTLI, "Accept-Language": "en" } });
    expect(await english.text()).toMatch(/<html[^>]*lang="en"/);
    const dark = await fetch(`${server.url}/sign-up`, {
      headers: { ...BROTLI, "Accept-Language": "ru", "Sec-CH-Prefers-Color-Scheme": "dark" },
    });
    expect(dark.headers.get("Age")).toBeNull();

    await keptPage("/sign-in");
    const plain = await fetch(`${server.url}/sign-in`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("Age")).toBeNull();
    expect(plain.headers.get("Content-Security-Policy")).toMatch(/nonce-/);
  });

  it("never answers a signed-in visitor or a form post from a kept copy", async () => {
    await keptPage("/sign-in");
    const signIn = await fetch(`${server.url}/sign-in?index`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "demo@kuzatuv.local", password: "kuzatuv-demo", redirect: "/" }),
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("__session="))
      ?.split(";")[0] as string;
    const signedIn = await fetch(`${server.url}/sign-in`, {
      headers: { ...BROTLI, Cookie: cookie },
      redirect: "manual",
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/");
  });
});
