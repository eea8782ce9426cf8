// The demo workspace a new user first sees (issue 29): exactly the mentions it says, and sources whose last
// fetch and fetch history tell the same story.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { queryRows } from "~/core/sql.server";
import type { DatabaseHandle } from "~/db/client.server";
import { seedDemo } from "../../server/demo/seed";
import { openTestDatabase } from "../support/builders";

let handle: DatabaseHandle;
let seeded: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  handle = await openTestDatabase();
  seeded = await seedDemo(handle.connection, { messages: 1000 });
}, 120_000);
afterAll(() => handle.close());

it("creates exactly the mentions it says", async () => {
  const [row] = await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM messages`);
  expect(seeded.messages).toBe(1000);
  expect(row?.n).toBe(1000);
});

it("a source's last fetch is the newest of its fetch history; a source never fetched says nothing", async () => {
  const sources = await queryRows<{
    type: string;
    last_fetched_at: Date | null;
    last_result: string | null;
    newest: Date | null;
    newest_result: string | null;
  }>(
    handle.db,
    sql`SELECT s.type, s.last_fetched_at, s.last_result, a.started_at AS newest, a.result AS newest_result
      FROM sources s LEFT JOIN LATERAL (
        SELECT started_at, result FROM fetch_attempts WHERE source_id = s.id ORDER BY started_at DESC LIMIT 1
      ) a ON true`,
  );
  expect(sources.some((s) => s.newest !== null)).toBe(true);
  for (const s of sources) {
    expect(s.last_fetched_at === null ? null : new Date(s.last_fetched_at).getTime(), s.type).toBe(
      s.newest === null ? null : new Date(s.newest).getTime(),
    );
    expect(s.last_result, s.type).toBe(s.newest_result);
  }
});
