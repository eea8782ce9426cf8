// The server answers its health check at once while heavy pages keep the embedded database busy: PGlite
// works in a thread of its own (ADR 040). The latency is asserted loosely here; `npm run bench
// -- --load` gives the real figures.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probe } from "../../scripts/load";
import { type RunningServer, startServer } from "../support/server-process";

let server: RunningServer;
beforeAll(async () => {
  // Enough mentions that a search keeps the database busy for a while.
  server = await startServer({ SEED_MESSAGES: "10000", COLLECTOR: "off" }, { readyWithinMs: 180_000 });
}, 200_000);
afterAll(() => server.stop());

async function signIn() {
  const response = await fetch(`${server.url}/sign-in?index`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "demo@kuzatuv.local", password: "kuzatuv-demo", redirect: "/" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`could not sign in (HTTP ${response.status})`);
  return cookie;
}

describe("a busy server", { timeout: 120_000 }, () => {
  it("answers /healthz within 500 ms (19 times in 20) while eight visitors search and filter the messages over and over", async () => {
    const cookie = await signIn();
    // Searches and filtered counts over every mention: database work, little rendering.
    const pages = ["/messages?q=Nurbank+Toshkent", "/messages?sentiment=negative&period=90", "/messages?q=xizmat"];
    const busyUntil = Date.now() + 8_000;
    const visitor = async (first: number) => {
      let loaded = 0;
      while (Date.now() < busyUntil) {
        const response = await fetch(`${server.url}${pages[(first + loaded) % pages.length]}`, {
          headers: { Cookie: cookie },
        });
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        loaded += 1;
      }
      return loaded;
    };
    const loading = Promise.all(Array.from({ length: 8 }, (_, i) => visitor(i)));
    const health = await probe(`${server.url}/healthz`, loading);
    const loaded = (await loading).reduce((a, b) => a + b, 0);

    expect(loaded).toBeGreaterThan(8);
    expect(health.errors).toBe(0);
    // Most answers come at once; a few wait for pages being rendered meanwhile (more so on a busy machine).
    const figures = `p50 ${health.p50} ms, p95 ${health.p95} ms, slowest ${health.max} ms of ${health.count} answers`;
    expect(health.p50, figures).toBeLessThan(100);
    expect(health.p95, figures).toBeLessThan(500);
  });
});
