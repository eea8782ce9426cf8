// The feed's search reads the query language (issue 38): its SQL (core/query-sql.server) finds exactly what the
// query finds when words are read as the index reads them, for written and generated queries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileQuery, parseQuery, type QueryMessage } from "~/core/query";
import { tokenize } from "~/core/text";
import type { DatabaseHandle } from "~/db/client.server";
import { aProject, aSource, type MentionSpec, mentions, openTestDatabase } from "../support/builders";
import { feedTotalIn } from "../support/feed";
import { seeded } from "../support/random";
import { type SignedInContext, signedInContext } from "../support/session";

let handle: DatabaseHandle;
let project: string;
let context: SignedInContext;
const stored: QueryMessage[] = [];

const WORDS = ["Nurbank", "Нурбанк", "ipoteka", "ипотека", "kredit", "ilova", "vakansiya", "Ucell", "rahbar", "filial"];
const ENDINGS = ["", "ning", "da", "lar", "a", "om", "s"];

beforeAll(async () => {
  handle = await openTestDatabase();
  project = (await aProject(handle, { name: "Querytest" })).id;
  const kun = await aSource(handle, { name: "Kun.uz yangiliklar", type: "website" });
  const gazeta = await aSource(handle, { name: "Gazeta RSS" });
  const { rnd, pick } = seeded(380);
  const phrase = () => Array.from({ length: 3 + Math.floor(rnd() * 9) }, () => pick(WORDS) + pick(ENDINGS)).join(" ");
  const specs: Array<MentionSpec & { source: typeof kun }> = Array.from({ length: 120 }, (_, n) => ({
    source: n % 2 ? kun : gazeta,
    daysAgo: 1,
    text: phrase(),
    title: rnd() < 0.5 ? phrase() : undefined,
    language: pick(["uz", "uz-Cyrl", "ru", "en"]),
    author: rnd() < 0.5 ? pick(["Bekzod Aliyev", "Nodira Yusupova", "Tahririyat"]) : undefined,
    url:
      rnd() < 0.7 ? pick(["https://kun.uz/news/", "https://www.m.kun.uz/a/", "https://gazeta.uz/ru/"]) + n : undefined,
  }));
  for (const spec of specs) {
    await mentions(handle, { source: spec.source, projectIds: [project], items: [spec] });
    stored.push({
      ...tokenize({ title: spec.title ?? null, text: spec.text as string, language: spec.language ?? null }),
      author: spec.author ?? null,
      url: spec.url ?? null,
      source: spec.source.name,
    });
  }
  ({ context } = await signedInContext({ roles: ["admin"] }));
}, 120_000);
afterAll(() => handle.close());

const total = async (q: string) => (await feedTotalIn(context, new URLSearchParams({ project, q }).toString())).count;
const expected = (q: string) => {
  const match = compileQuery(parseQuery(q), { asIndex: true });
  return stored.filter((m) => match(m) !== null).length;
};

describe("the feed's search", () => {
  it("finds what each operator and field finds", async () => {
    const queries = [
      "Nurbank",
      "Нурбанкда",
      '"nurbankning"',
      "ipoteka OR kredit",
      "ipoteka kredit -vakansiya",
      "ipoteka И kredit ЭМАС vakansiya",
      "NOT (ipoteka OR kredit)",
      "fil*",
      "Nurbank NEAR/2 ipoteka",
      "Nurbank NEAR/1f (ipoteka OR kredit)",
      "title:Nurbank",
      "title:(ipoteka OR kredit) -title:vakansiya",
      "author:aliyev Nurbank",
      "author:Nod*",
      "site:kun.uz",
      "NOT site:kun.uz",
      "source:kun ipoteka",
      "lang:uz-Cyrl OR lang:ru",
    ];
    for (const q of queries) expect(await total(q), q).toBe(expected(q));
    // Each query above finds something and leaves something out, so agreeing says something.
    for (const q of queries) expect([0, stored.length], q).not.toContain(expected(q));
  });

  it("agrees with the query on generated queries", async () => {
    const { rnd, pick } = seeded(3838);
    const term = () => pick([...WORDS.map((w) => w.toLowerCase()), "title:ilova", "lang:ru", "site:kun.uz", "fil*"]);
    const query = (depth: number): string => {
      const r = rnd();
      if (depth === 0 || r < 0.3) return term();
      if (r < 0.45) return `-(${query(depth - 1)})`;
      if (r < 0.55) return `(${pick(WORDS)} NEAR/${Math.floor(rnd() * 3)} ${pick(WORDS)})`;
      return `(${query(depth - 1)} ${pick(["OR", "AND", ""])} ${query(depth - 1)})`;
    };
    for (let i = 0; i < 40; i++) {
      const q = query(3);
      expect(await total(q), q).toBe(expected(q));
    }
  });

  it("finds nothing for a query it cannot read", async () => {
    expect(await total("Nurbank AND")).toBe(0);
    expect(await total('"Nurbank')).toBe(0);
  });
});
