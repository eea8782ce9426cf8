import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compileQuery, parseQuery, QUERY_LANGUAGES, type QueryMessage } from "~/core/query";
import { tokenize } from "~/core/text";

/**
 * A hand-written golden set for the query language (ADR 063): mentions in English, Russian and both Uzbek
 * scripts, and queries with the ids each should match, worked out by hand from the rules in query.ts and
 * text.ts. Every miss and every extra counts; the test lists them all at once.
 */
interface GoldenMessage {
  id: string;
  title: string | null;
  text: string;
  language: (typeof QUERY_LANGUAGES)[number];
  author: string | null;
  url: string | null;
  source: string;
}
interface GoldenQuery {
  query: string;
  why: string;
  matches: string[];
}

const golden = JSON.parse(readFileSync(new URL("../fixtures/query-golden.json", import.meta.url), "utf8")) as {
  messages: GoldenMessage[];
  queries: GoldenQuery[];
};

const messages = golden.messages.map((m) => ({
  id: m.id,
  message: { ...tokenize(m), author: m.author, url: m.url, source: m.source } satisfies QueryMessage,
}));

describe("query language: golden set", () => {
  it("is a well-formed set", () => {
    const ids = golden.messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(golden.messages.length).toBeGreaterThanOrEqual(150);
    expect(golden.queries.length).toBeGreaterThanOrEqual(30);
    for (const m of golden.messages) expect(QUERY_LANGUAGES).toContain(m.language);
    const known = new Set(ids);
    const unknown = golden.queries.flatMap((q) =>
      q.matches.filter((id) => !known.has(id)).map((id) => `${q.query}: ${id}`),
    );
    expect(unknown).toEqual([]);
    const queries = golden.queries.map((q) => q.query);
    expect(new Set(queries).size).toBe(queries.length);
  });

  it("matches exactly the expected mentions for every query", () => {
    const failures: string[] = [];
    for (const { query, why, matches } of golden.queries) {
      let match: ReturnType<typeof compileQuery>;
      try {
        match = compileQuery(parseQuery(query));
      } catch (error) {
        failures.push(`${query}\n    (${why})\n    does not parse: ${(error as Error).message}`);
        continue;
      }
      const expected = new Set(matches);
      const found = new Set(messages.filter(({ message }) => match(message) !== null).map(({ id }) => id));
      const missing = [...expected].filter((id) => !found.has(id)).sort();
      const extra = [...found].filter((id) => !expected.has(id)).sort();
      if (missing.length || extra.length) {
        failures.push(
          `${query}\n    (${why})` +
            (missing.length ? `\n    missing: ${missing.join(", ")}` : "") +
            (extra.length ? `\n    extra:   ${extra.join(", ")}` : ""),
        );
      }
    }
    expect(
      failures,
      `${failures.length} of ${golden.queries.length} queries differ:\n\n${failures.join("\n\n")}\n`,
    ).toEqual([]);
  });
});
