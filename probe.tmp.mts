import { openTestDatabase } from "./tests/support/builders";
import { sql } from "drizzle-orm";
import { foldWords } from "./app/features/projects/matcher";
const h = await openTestDatabase();
const samples = ["Тошкент Ереван Nurbankning оʻзбек O'zbek ўзбек Ўзбекистон école Ёшлар ЧИЛОНЗОР Щука объект қизил ғалаба ҳоким шее", "Филиалы банком NURBANKDA"];
for (const s of samples) {
  const r: any = await h.db.execute(sql`select search_fold(${s}) as f, to_tsvector('simple', search_fold(${s}))::text as v`);
  console.log(r.rows[0].f, "\nJS:", foldWords(s).join(" "), "\n", r.rows[0].v);
}
process.exit(0);
