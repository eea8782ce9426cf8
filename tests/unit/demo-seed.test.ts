// The demo workspace a new user first sees (issue 29): exactly the mentions it says, sources whose last
// fetch and fetch history tell the same story, and recent weeks whose stories are the topics (issue 30).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, periodOf, today } from "~/core/period";
import { queryRows } from "~/core/sql.server";
import { foldWords } from "~/core/text";
import type { DatabaseHandle } from "~/db/client.server";
import { lexiconSentiment } from "~/features/sources/sentiment";
import { findTopics } from "~/features/topics/find.server";
import { STORIES } from "../../server/demo/content";
import { seedDemo } from "../../server/demo/seed";
import { openTestDatabase } from "../support/builders";
import { testServices } from "../support/services";

let handle: DatabaseHandle;
let seeded: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  handle = await openTestDatabase();
  seeded = await seedDemo(handle.connection, { messages: 3000 });
}, 120_000);
afterAll(() => handle.close());

it("creates exactly the mentions it says", async () => {
  const [row] = await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM messages`);
  expect(seeded.messages).toBe(3000);
  expect(row?.n).toBe(3000);
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

/** Which story a topic tells, by the words of its label (folded: any script, any inflection). */
function storyOf(label: string): string {
  const words = foldWords(label).join(" ");
  if (/\bqr\b/.test(words)) return "qrFee";
  if (/ipotek|mortgage/.test(words)) return "mortgage";
  if (/obnovl|yangilan|update/.test(words)) return "appUpdate";
  return words;
}

it("tells Nurbank's stories of the last 30 days, and they are its topics", async () => {
  const days = today("Asia/Tashkent");
  const period = periodOf({ from: addDays(days, -29), to: days }, "Asia/Tashkent");
  const nurbank = [seeded.projectIds.nurbank];
  const all = await findTopics(testServices(), { scope: nurbank, period });
  expect(new Set(all.topics.slice(0, 2).map((t) => storyOf(t.label)))).toEqual(new Set(["qrFee", "mortgage"]));
  const negative = await findTopics(testServices(), { scope: nurbank, period, sentiments: ["negative"] });
  const stories = negative.topics.map((t) => storyOf(t.label));
  expect(stories[0]).toBe("qrFee");
  expect(stories).toContain("appUpdate");
  expect(stories).not.toContain("mortgage");
});

it("labels the stories' complaints negative in every language (the lexicon, as the pipeline does)", () => {
  for (const [story, told] of Object.entries(STORIES)) {
    if (story === "mortgage") continue;
    for (const [language, { titles, leads, reactions }] of Object.entries(told)) {
      const labels = titles.flatMap((title) =>
        leads.flatMap((lead) =>
          reactions.map(
            (reaction) =>
              lexiconSentiment(`${title}\n${lead} ${reaction}`.replaceAll("{b}", "Nurbank"), language as "en")
                .sentiment,
          ),
        ),
      );
      const share = labels.filter((s) => s === "negative").length / labels.length;
      expect(share, `${story} ${language}`).toBeGreaterThan(0.8);
    }
  }
});
