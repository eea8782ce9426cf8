// Two report schedule loops (two job queues with their own pools, as two server instances have) on one
// PostgreSQL database: a scheduled report that has come due makes exactly one report for its period, generated
// and mailed once, however the loops' scans interleave.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { reports } from "~/db/schema";
import { lastOccurrence } from "~/features/reports/generate.server";
import { parseEnv } from "~/lib/env.server";
import type { RunningJobQueue } from "../../server/jobs/queue";
import { startAuthService } from "../support/auth-service";
import { aProject, aSource, mentions, openTestDatabase } from "../support/builders";
import { startTestJobQueue } from "../support/jobs";
import { setTestEnv } from "../support/services";
import { startSmtpServer } from "../support/smtp";

let handle: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let auth: Awaited<ReturnType<typeof startAuthService>>;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set: run `npm run test:pg`.");
  smtp = await startSmtpServer();
  const env = parseEnv({ ...process.env, SMTP_URL: smtp.url, MAIL_FROM: "reports@kuzatuv.test" });
  // The job sends only to subscribers the auth service still counts in the project's audience.
  auth = await startAuthService({ serviceKey: env.authServiceKey });
  env.authServiceUrl = auth.url;
  setTestEnv(env);
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
  await smtp.close();
  await auth.close();
});

describe("two report schedule loops on one PostgreSQL database", () => {
  it("make one report per period and mail it once", async () => {
    const zone = "Asia/Tashkent";
    const project = await aProject(handle, { name: "Scheduled" });
    const [boss] = (await auth.service.ensureDemoAccounts([
      { email: "boss@example.com", password: "correct horse battery", roles: ["manager"], projectIds: [project.id] },
    ]))!;
    await mentions(handle, {
      source: await aSource(handle),
      projectIds: [project.id],
      items: [{ daysAgo: 3, reach: 5 }],
    });
    const [parent] = await handle.db
      .insert(reports)
      .values({
        projectId: project.id,
        title: "Weekly",
        periodStart: "2026-01-05",
        periodEnd: "2026-01-11",
        timeZone: zone,
        sections: ["kpis", "top_mentions"],
        schedule: "weekly",
        status: "ready",
        subscribers: [{ id: boss!.id, email: boss!.email }],
        // Set up before the last Monday 06:00 in Tashkent, so that one has come due.
        createdAt: new Date(Date.now() - 9 * 86_400_000),
      })
      .returning();
    const queues: RunningJobQueue[] = [];
    try {
      for (let n = 0; n < 2; n++) queues.push(await startTestJobQueue(handle, { collectEveryMs: 50 }));
      const deadline = Date.now() + 60_000;
      while (smtp.received.length === 0) {
        if (Date.now() > deadline) throw new Error("the scheduled report was not mailed within 60 s");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // More scans by both loops: nothing new is due.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      await Promise.all(queues.map((q) => q.stop(5_000)));
    }
    const made = await handle.db.select().from(reports).where(eq(reports.scheduledFrom, parent!.id));
    const { days } = lastOccurrence("weekly", zone, new Date());
    expect(made.map((r) => [r.periodStart, r.periodEnd, r.status, r.attempts])).toEqual([
      [days.from, days.to, "ready", 1],
    ]);
    expect(smtp.received).toHaveLength(1);
    const jobs = (await handle.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'generate-report'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(jobs.rows[0]?.n).toBe(1);
  });
});
