// The project form's query preview (issue 30, ADR 046) on a seeded database: `DATABASE_URL=… node
// scripts/bench-preview.ts [--runs N]` (default 7). For each set of rules, the median and the slowest time of
// `previewRules` for an admin and for a manager of one demo project, and the longest the event loop waited
// meanwhile. Seed first: `SEED_MESSAGES=1000000 npm run seed`.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { type Reader, toCurrentUser } from "~/core/reader";
import { queryRows } from "~/core/sql.server";
import { previewRules } from "~/features/projects/preview.server";
import type { RulesInput } from "~/features/projects/schemas";
import { benchServices } from "./bench-services.ts";

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt < 0 ? 7 : Number(args[runsAt + 1]);
if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL to a seeded PostgreSQL database.");

const { handle, services } = benchServices();
const [{ n: total } = { n: 0 }] = await queryRows<{ n: number }>(
  handle.db,
  sql`SELECT count(*)::int AS n FROM messages`,
);
const [project] = await queryRows<{ id: string }>(handle.db, sql`SELECT id FROM projects ORDER BY name LIMIT 1`);

const reader = (roles: Reader["roles"], projectIds: string[]): Reader => ({
  ...toCurrentUser({
    id: "00000000-0000-4000-8000-000000000001",
    email: "bench@example.com",
    roles,
    projectIds,
    createdAt: "2026-01-01T00:00:00Z",
  }),
  timeZone: "Asia/Tashkent",
  language: "en",
  activeProjectId: null,
});
const readers = { admin: reader(["admin"], []), manager: reader(["manager"], project ? [project.id] : []) };

const RULES: Record<string, Partial<RulesInput>> = {
  "a brand (Nurbank, Нурбанк)": { keywords: ["Nurbank", "Нурбанк"] },
  "a city, two spellings (Samarqand, Самарканд)": { keywords: ["Samarqand", "Самарканд"] },
  "a phrase and a required word (Orzu Bank + ilova)": { keywords: ["Orzu Bank"], requiredWords: ["ilova"] },
  "a common word (bank, банк)": { keywords: ["bank", "банк"] },
  "Uzbek only (TezPay; uz, uz-Cyrl)": { keywords: ["TezPay", "ТезПей"], languages: ["uz", "uz-Cyrl"] },
  "a word no mention has (Ipoteka Bank)": { keywords: ["Ipoteka Bank"] },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
console.log(`${total} mentions; ${runs} runs each (after one unmeasured), times in ms`);
console.log("rules | reader | median | slowest | longest event-loop wait | count (exact) | checked");
for (const [name, partial] of Object.entries(RULES)) {
  const rules: RulesInput = { keywords: [], requiredWords: [], excludedWords: [], languages: [], ...partial };
  for (const [who, r] of Object.entries(readers)) {
    const times: number[] = [];
    const delay = monitorEventLoopDelay({ resolution: 5 });
    let last = await previewRules(services, r, rules);
    delay.enable();
    for (let i = 0; i < runs; i++) {
      const began = performance.now();
      last = await previewRules(services, r, rules);
      times.push(performance.now() - began);
    }
    delay.disable();
    // Every candidate matched, however long it takes: what the estimate is compared with.
    const exact = last.estimated
      ? (
          await previewRules(services, r, rules, {
            maxChecked: Number.POSITIVE_INFINITY,
            budgetMs: Number.POSITIVE_INFINITY,
          })
        ).count
      : last.count;
    const count = `${last.estimated ? "~" : ""}${last.count} (${exact})`;
    console.log(
      `${name} | ${who} | ${Math.round(median(times))} | ${Math.round(Math.max(...times))} | ${Math.round(delay.max / 1e6)} | ${count} | ${last.checked}`,
    );
  }
}
await handle.close();
