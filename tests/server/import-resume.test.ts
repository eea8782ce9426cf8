// An import cut off by kill -9 resumes after the next start, from the last row it stored, and says so.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { messages, sourceImports, sources } from "~/db/schema";
import { type RunningServer, signUpOwner, startServer } from "../support/server-process";

const root = path.resolve(import.meta.dirname, "../..");
const ROWS = 20_000;
const env = {
  NODE_ENV: "production",
  SESSION_SECRET: "a-session-secret-for-the-import-resume-test",
  COLLECTOR: "off",
  // The shortest the queue allows: the test waits for the heartbeats of the killed process to run out.
  JOB_HEARTBEAT_SECONDS: "10",
};

async function post(url: string, cookie: string, body: FormData | URLSearchParams) {
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: new URL(url).origin, Cookie: cookie },
    body,
  });
  expect(response.status).toBe(302);
  return response.headers.get("Location") ?? "";
}

/** What the import's page shows: the progress bar's value while it runs, and its text. */
async function progress(server: RunningServer, page: string, cookie: string) {
  const html = await (await fetch(`${server.url}${page}`, { headers: { Cookie: cookie } })).text();
  const value = html.match(/<progress[^>]*value="(\d+)"/)?.[1];
  return { processed: value === undefined ? null : Number(value), html };
}

describe("an import cut off by kill -9", { timeout: 120_000 }, () => {
  it("resumes within a minute of the next start, from the last stored row, and its page says so", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kuzatuv-resume-test-"));
    const before = openDatabase({ dataDir, root });
    await before.migrate();
    const [source] = await before.db
      .insert(sources)
      .values({ type: "manual", name: "Spreadsheet", url: null })
      .returning({ id: sources.id });
    await before.close();
    const here = `/sources/${source?.id}/import`;

    const first = await startServer({ ...env, DATA_DIR: dataDir });
    const cookie = await signUpOwner(first.url);
    const rows = Array.from({ length: ROWS }, (_, n) => `${n},Note ${n} from the spreadsheet`).join("\n");
    const upload = new FormData();
    upload.set("intent", "upload");
    upload.set("file", new File([`id,text\n${rows}\n`], "big.csv", { type: "text/csv" }));
    const importId = new URL(await post(`${first.url}${here}`, cookie, upload), first.url).searchParams.get("import");
    const page = `${here}?import=${importId}`;
    await post(
      `${first.url}${here}`,
      cookie,
      new URLSearchParams({
        intent: "confirm",
        importId: String(importId),
        "map.externalId": "id",
        "map.text": "text",
      }),
    );
    // Killed part-way, as a crash would.
    for (;;) {
      const { processed } = await progress(first, page, cookie);
      if (processed !== null && processed >= 1_000) break;
      expect(processed, "the import ended before it could be cut off").not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    first.process.kill("SIGKILL");
    await first.exited;

    const second = await startServer({ ...env, DATA_DIR: dataDir });
    const restarted = Date.now();
    let cutAt = -1;
    let saidResuming = false;
    try {
      for (;;) {
        const { processed, html } = await progress(second, page, cookie);
        if (cutAt < 0) cutAt = processed ?? 0;
        if (processed !== null && processed > cutAt && html.includes("Resuming after an interruption")) {
          saidResuming = true;
        }
        if (processed === null) break;
        expect(Date.now() - restarted, "still waiting to resume").toBeLessThan(processed > cutAt ? 100_000 : 60_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(saidResuming).toBe(true);
    } finally {
      await second.stop();
    }

    const after = openDatabase({ dataDir, root });
    const [row] = await after.db
      .select()
      .from(sourceImports)
      .where(eq(sourceImports.id, String(importId)));
    const stored = await after.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.sourceId, String(source?.id)));
    await after.close();
    expect(row?.status).toBe("done");
    expect(row?.processedRows).toBe(ROWS);
    const result = row?.result as { new: number; duplicate: number; resumedFrom: number };
    // Resumed from the last row counted before the kill (at most one stored batch more comes again, as duplicates).
    expect(result.resumedFrom).toBe(cutAt);
    expect(result.new + result.duplicate).toBe(ROWS);
    expect(result.duplicate).toBeLessThanOrEqual(500);
    expect(stored).toHaveLength(ROWS);
  });
});
