// ROLE on one PostgreSQL database (ADR 048), as the runbook's layout runs it: two web instances serve pages and
// queue work, never fetching a source themselves, and share their sessions; a worker fetches and answers only
// its health checks.
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { sources } from "~/db/schema";
import { createDatabase } from "../support/database";
import { file, startFixtureServer } from "../support/fixture-server";
import { type RunningServer, signUpOwner, startServer } from "../support/server-process";

const root = path.resolve(import.meta.dirname, "../..");
const admin = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("roles on one PostgreSQL database", { timeout: 180_000 }, () => {
  it("web instances never fetch a due source but queue a fetch; the worker fetches it once and serves nothing else", async () => {
    if (!admin) throw new Error("TEST_DATABASE_URL is not set: run `npm run test:pg`.");
    const databaseUrl = await createDatabase(admin);
    const feeds = await startFixtureServer();
    feeds.route("/due.xml", file("rss2.xml"));
    const before = openDatabase({ databaseUrl, dataDir: "memory://", root });
    await before.migrate();
    const [source] = await before.db
      .insert(sources)
      .values({ type: "rss", name: "Due feed", url: feeds.url("/due.xml"), nextFetchAt: new Date(Date.now() - 60_000) })
      .returning();
    const jobs = async () =>
      (
        (await before.db.execute(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'fetch-source'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]?.n ?? 0;

    const env = {
      DATABASE_URL: databaseUrl,
      NODE_ENV: "production",
      SESSION_SECRET: "a-session-secret-shared-by-every-instance",
      COLLECTOR_ALLOW_PRIVATE: "1",
    };
    const servers: RunningServer[] = [];
    try {
      const [webA, webB] = await Promise.all([
        startServer({ ...env, ROLE: "web" }),
        startServer({ ...env, ROLE: "web" }),
      ]);
      servers.push(webA as RunningServer, webB as RunningServer);
      // A session made on one web instance is good on the other.
      const cookie = await signUpOwner(webA!.url);
      const page = await fetch(`${webB!.url}/sources/${source!.id}`, { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      // A web instance queues work: "Fetch now" on the second one.
      const fetchNow = await fetch(`${webB!.url}/sources/${source!.id}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: webB!.url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "fetch" }),
      });
      expect(fetchNow.status).toBe(302);
      expect(await jobs()).toBe(1);
      // A full instance would have fetched the due source at once (its collector loop scans at start).
      await sleep(3_000);
      expect(feeds.requests).toEqual([]);

      const worker = await startServer({ ...env, ROLE: "worker" });
      servers.push(worker);
      const deadline = Date.now() + 30_000;
      while (feeds.requests.length === 0) {
        if (Date.now() > deadline) throw new Error(`the worker did not fetch the source:\n${worker.output()}`);
        await sleep(100);
      }
      for (const path of ["/healthz", "/readyz"]) expect((await fetch(`${worker.url}${path}`)).status).toBe(200);
      for (const path of ["/", "/sign-in", "/api/auth/health", `/sources/${source!.id}`, "/assets/x.js"]) {
        expect((await fetch(`${worker.url}${path}`, { headers: { Cookie: cookie } })).status, path).toBe(404);
      }
      // The scheduled fetch and "Fetch now" were one job: the source was fetched once.
      await sleep(1_000);
      expect(feeds.requests.map((r) => r.path)).toEqual(["/due.xml"]);
    } finally {
      for (const server of servers) expect(await server.stop()).toBe(0);
      await before.close();
      await feeds.close();
    }
  });
});
