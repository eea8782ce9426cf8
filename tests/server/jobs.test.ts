// The job queue inside the server process: SIGTERM while a source is being fetched lets the fetch finish
// and record itself within the drain, and the process still exits 0.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { fetchAttempts, sources } from "~/db/schema";
import { file, startFixtureServer } from "../support/fixture-server";
import { startServer } from "../support/server-process";

const root = path.resolve(import.meta.dirname, "../..");

describe("the server's job queue", { timeout: 90_000 }, () => {
  it("finishes the fetch in flight after SIGTERM, records it, and exits 0", async () => {
    const feeds = await startFixtureServer();
    let answered = false;
    feeds.route(
      "/slow.xml",
      (req, res, url) =>
        void setTimeout(() => {
          answered = true;
          void file("rss2.xml")(req, res, url);
        }, 2_000),
    );
    // A workspace with one due feed, and no demo data (production) that would replace it.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kuzatuv-jobs-test-"));
    const before = openDatabase({ dataDir, root });
    await before.migrate();
    await before.db.insert(sources).values({
      type: "rss",
      name: "Slow feed",
      url: feeds.url("/slow.xml"),
      nextFetchAt: new Date(Date.now() - 60_000),
    });
    await before.close();

    const server = await startServer({
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      SESSION_SECRET: "a-session-secret-for-the-jobs-test-only",
      COLLECTOR_ALLOW_PRIVATE: "1",
    });
    try {
      // The collector loop looks for due sources as soon as the queue starts.
      const deadline = Date.now() + 30_000;
      while (feeds.requests.length === 0) {
        if (Date.now() > deadline) throw new Error(`the feed was not fetched:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      server.process.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(answered).toBe(true);
    } finally {
      await server.stop();
      await feeds.close();
    }

    const after = openDatabase({ dataDir, root });
    const recorded = await after.db.select().from(fetchAttempts);
    await after.close();
    expect(recorded).toMatchObject([{ result: "ok", httpStatus: 200, newItems: 3 }]);
  });
});
