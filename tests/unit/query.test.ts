// The query language (issue 38): the parser, its errors and limits, matching, and laws over generated queries.
import { describe, expect, it } from "vitest";
import {
  compileQuery,
  lexQuery,
  looksForSomething,
  parseQuery,
  printQuery,
  QUERY_LIMITS,
  type QueryMessage,
  type QueryNode,
  tryParseQuery,
} from "~/core/query";
import { tokenize } from "~/core/text";
import { seeded } from "../support/random";

const message = (text: string, extra: Partial<Omit<QueryMessage, "title" | "text">> & { title?: string } = {}) => ({
  ...tokenize({ text, title: extra.title ?? null, language: extra.language ?? null }),
  author: extra.author ?? null,
  url: extra.url ?? null,
  source: extra.source ?? null,
});
const matches = (query: string, m: QueryMessage) => compileQuery(parseQuery(query))(m) !== null;
const errorOf = (query: string) => {
  const parsed = tryParseQuery(query);
  return "error" in parsed
    ? { code: parsed.error.code, position: parsed.error.position, found: parsed.error.found }
    : null;
};
const shape = (node: QueryNode | null): unknown => {
  if (!node) return null;
  switch (node.kind) {
    case "term":
      return `${node.field === "title" ? "title:" : ""}${node.exact ? "=" : ""}${node.words.join("_")}${node.prefix ? "*" : ""}`;
    case "meta":
      return `${node.field}:${node.value}`;
    case "not":
      return ["not", shape(node.child)];
    case "near":
      return [`near${node.distance}${node.ordered ? "f" : ""}`, shape(node.left), shape(node.right)];
    default:
      return [node.kind, ...node.children.map(shape)];
  }
};
const tree = (query: string) => shape(parseQuery(query));

describe("parsing", () => {
  it("reads a space as AND, OR loosest, NOT and a minus before a term, brackets first", () => {
    expect(tree("a b OR c")).toEqual(["or", ["and", "a", "b"], "c"]);
    expect(tree("a AND b OR c AND d")).toEqual(["or", ["and", "a", "b"], ["and", "c", "d"]]);
    expect(tree("a (b OR c)")).toEqual(["and", "a", ["or", "b", "c"]]);
    expect(tree("a NOT b -c")).toEqual(["and", "a", ["not", "b"], ["not", "c"]]);
    expect(tree("NOT (a OR b)")).toEqual(["not", ["or", "a", "b"]]);
    // Lower-case "or" and "and" are words.
    expect(tree("rock or roll")).toEqual(["and", "rock", "or", "roll"]);
  });

  it("takes the operators in Russian and Uzbek, both scripts", () => {
    const expected = ["or", ["and", "a", "b"], ["and", "c", ["not", "d"]]];
    for (const [and, or, not] of [
      ["И", "ИЛИ", "НЕ"],
      ["VA", "YOKI", "EMAS"],
      ["ВА", "ЁКИ", "ЭМАС"],
    ]) {
      expect(tree(`a ${and} b ${or} c ${not} d`)).toEqual(expected);
    }
  });

  it("reads phrases, prefixes, NEAR and fields", () => {
    expect(tree('"Bekzod Aliyev" NEAR/5 Nurbank')).toEqual(["near5", "=bekzod_aliyev", "nurbank"]);
    expect(tree("(ceo OR rahbar) NEAR/3f Nurbank")).toEqual(["near3f", ["or", "ceo", "rahbar"], "nurbank"]);
    expect(tree("«Uzum Market» bank*")).toEqual(["and", "=uzum_market", "bank*"]);
    expect(tree('title:Nurbank author:"Bekzod Aliyev" site:www.Kun.uz source:Gazeta lang:UZ-cyrl')).toEqual([
      "and",
      "title:nurbank",
      "author:Bekzod Aliyev",
      "site:kun.uz",
      "source:Gazeta",
      "lang:uz-Cyrl",
    ]);
    expect(tree("title:(Nurbank OR Нурбанк)")).toEqual(["or", "title:nurbank", "title:nurbank"]);
    // A word with a dash inside is one term of two words in a row.
    expect(tree("covid-19")).toEqual("covid_19");
    expect(parseQuery("   ")).toBeNull();
  });

  it("says where and what was expected", () => {
    expect(errorOf("Nurbank AND")).toEqual({ code: "expected_term", position: 11, found: "" });
    expect(errorOf("Nurbank OR OR Ucell")).toEqual({ code: "expected_term", position: 11, found: "OR" });
    expect(errorOf("(Nurbank OR Ucell")).toEqual({ code: "unclosed_paren", position: 0, found: "" });
    expect(errorOf("Nurbank) Ucell")).toEqual({ code: "unexpected_close", position: 7, found: ")" });
    expect(errorOf('Nurbank "mortgage rate')).toMatchObject({ code: "unclosed_quote", position: 8 });
    expect(errorOf('Nurbank ""')).toMatchObject({ code: "empty_phrase", position: 8 });
    expect(errorOf("ban*")).toBeNull();
    expect(errorOf("ba*")).toMatchObject({ code: "prefix_too_short", position: 0 });
    expect(errorOf("Nur*bank")).toMatchObject({ code: "bad_wildcard", position: 3 });
    expect(errorOf("a NEAR/500 b")).toMatchObject({ code: "bad_near", position: 2 });
    expect(errorOf("lang:ru NEAR/3 Nurbank")).toMatchObject({ code: "near_needs_text", position: 0 });
    expect(errorOf("Nurbank lang:de")).toMatchObject({ code: "bad_language", position: 13, found: "de" });
    expect(errorOf("site:kun..uz")).toMatchObject({ code: "bad_site" });
    expect(errorOf("author: Aliyev")).toMatchObject({ code: "empty_field", position: 0 });
    expect(errorOf("NEAR/3 Nurbank")).toMatchObject({ code: "expected_term", position: 0, found: "NEAR/3" });
  });

  it("holds the limits: characters, terms, nesting", () => {
    expect(errorOf("a ".repeat(QUERY_LIMITS.length / 2 + 1))).toMatchObject({ code: "too_long" });
    const terms = Array.from({ length: QUERY_LIMITS.terms }, (_, n) => `w${n}`);
    expect(errorOf(terms.join(" "))).toBeNull();
    expect(errorOf([...terms, "one"].join(" "))).toMatchObject({ code: "too_many_terms", found: "one" });
    const nested = (depth: number) => `${"(".repeat(depth)}a${")".repeat(depth)}`;
    expect(errorOf(nested(QUERY_LIMITS.depth))).toBeNull();
    expect(errorOf(nested(QUERY_LIMITS.depth + 1))).toMatchObject({ code: "too_deep", position: QUERY_LIMITS.depth });
  });

  it("cuts the query into the pieces the highlighter colours, every character once", () => {
    const query = 'title:Nurbank AND ("ipoteka stavkasi" OR kredit*) -vakansiya NEAR/3f bank';
    const pieces = lexQuery(query);
    expect(pieces.map((p) => p.text).join("")).toBe(query);
    expect(pieces.filter((p) => p.kind !== "space").map((p) => p.kind)).toEqual([
      "field",
      "word",
      "operator",
      "paren",
      "phrase",
      "operator",
      "word",
      "paren",
      "minus",
      "word",
      "near",
      "word",
    ]);
  });

  it("knows a query that finds nothing by itself", () => {
    expect(looksForSomething(parseQuery("-vakansiya"))).toBe(false);
    expect(looksForSomething(parseQuery("Nurbank -vakansiya"))).toBe(true);
    expect(looksForSomething(parseQuery("Nurbank OR NOT x"))).toBe(false);
  });
});

describe("matching", () => {
  it("finds a word's inflected forms in both scripts, a phrase only as written", () => {
    expect(matches("Nurbank", message("Nurbankning yangi filiali", { language: "uz" }))).toBe(true);
    expect(matches("Nurbank", message("Нурбанкда навбат", { language: "uz-Cyrl" }))).toBe(true);
    expect(matches("Нурбанк", message("Клиенты Нурбанка довольны", { language: "ru" }))).toBe(true);
    expect(matches('"Nurbank"', message("Nurbankning yangi filiali", { language: "uz" }))).toBe(false);
    expect(matches("Nurbank", message("Nurbanker is someone else", { language: "en" }))).toBe(false);
    expect(matches("oʻzbek", message("O'ZBEK tili", { language: "uz" }))).toBe(true);
  });

  it("reads NEAR as words between, either order or in order, in one field", () => {
    const m = message("Bekzod Aliyev, rahbar of the bank, spoke at Nurbank today", { language: "en" });
    expect(matches('"Bekzod Aliyev" NEAR/6 Nurbank', m)).toBe(true);
    expect(matches('"Bekzod Aliyev" NEAR/5 Nurbank', m)).toBe(false);
    expect(matches('Nurbank NEAR/6 "Bekzod Aliyev"', m)).toBe(true);
    expect(matches('Nurbank NEAR/6f "Bekzod Aliyev"', m)).toBe(false);
    expect(matches("(rahbar OR ceo) NEAR/0f of", m)).toBe(true);
    expect(matches("Aliyev NEAR/0 Bekzod", m)).toBe(true);
    const split = message("spoke at Nurbank today", { title: "Bekzod Aliyev", language: "en" });
    expect(matches("Aliyev NEAR/50 Nurbank", split)).toBe(false);
  });

  it("reads the fields: title, author, site and its subdomains, source, language", () => {
    const m = message("Nurbank cut its mortgage rate", {
      title: "Ipoteka arzonlashdi",
      author: "Bekzod Aliyev",
      url: "https://m.kun.uz/news/1",
      source: "Kun.uz — news",
      language: "en",
    });
    expect(matches("title:ipoteka", m)).toBe(true);
    expect(matches("title:Nurbank", m)).toBe(false);
    expect(matches("author:aliyev", m)).toBe(true);
    expect(matches('author:"Bekzod Ali*"', m)).toBe(false);
    expect(matches("author:Bekz*", m)).toBe(true);
    expect(matches("site:kun.uz", m)).toBe(true);
    expect(matches("site:uz", m)).toBe(true);
    expect(matches("site:un.uz", m)).toBe(false);
    expect(matches("source:kun", m)).toBe(true);
    expect(matches("lang:en Nurbank", m)).toBe(true);
    expect(matches("lang:ru Nurbank", m)).toBe(false);
    expect(matches("NOT lang:ru", message("no language known"))).toBe(true);
  });

  it("names the terms it found, not those under NOT, each once", () => {
    const found = compileQuery(parseQuery("(Nurbank OR Ucell) NOT vakansiya NOT Uzum"))(
      message("Nurbank and Nurbankning Ucell", { language: "uz" }),
    );
    expect(found?.terms).toEqual(["Nurbank", "Ucell"]);
    expect(found?.spans.map((s) => [s.start, s.end])).toEqual([
      [0, 7],
      [12, 23],
      [24, 29],
    ]);
  });
});

describe("laws over generated queries", () => {
  const WORDS = ["nurbank", "ucell", "ipoteka", "kredit", "ilova", "bank"];
  const { rnd, pick } = seeded(38);
  const randomQuery = (depth: number): string => {
    const r = rnd();
    if (depth === 0 || r < 0.3) {
      const word = pick(WORDS);
      return pick([word, `"${word}"`, `${word.slice(0, 3)}*`, `title:${word}`]);
    }
    if (r < 0.5) return `NOT (${randomQuery(depth - 1)})`;
    if (r < 0.6) return `(${pick(WORDS)} NEAR/${Math.floor(rnd() * 4)}${pick(["", "f"])} ${pick(WORDS)})`;
    return `(${randomQuery(depth - 1)} ${pick(["AND", "OR", ""])} ${randomQuery(depth - 1)})`;
  };
  const forms = ["", "ning", "da", "lar", "a", "om"];
  const randomMessage = () => {
    const words = () => Array.from({ length: 2 + Math.floor(rnd() * 8) }, () => pick(WORDS) + pick(forms));
    return message(words().join(" "), {
      title: rnd() < 0.5 ? words().join(" ") : undefined,
      language: pick(["uz", "ru", "en"]),
    });
  };
  const queries = Array.from({ length: 150 }, () => [randomQuery(3), randomQuery(3), randomQuery(2)] as const);
  const messages = Array.from({ length: 150 }, randomMessage);
  const same = (left: string, right: string) => {
    const a = compileQuery(parseQuery(left));
    const b = compileQuery(parseQuery(right));
    for (const m of messages) expect(a(m) !== null, `${left} vs ${right}`).toBe(b(m) !== null);
  };

  it("OR and AND commute", () => {
    for (const [a, b] of queries) {
      same(`(${a}) OR (${b})`, `(${b}) OR (${a})`);
      same(`(${a}) (${b})`, `(${b}) AND (${a})`);
    }
  });

  it("De Morgan's laws hold", () => {
    for (const [a, b] of queries) {
      same(`NOT ((${a}) OR (${b}))`, `(NOT (${a})) AND (NOT (${b}))`);
      same(`NOT ((${a}) AND (${b}))`, `NOT (${a}) OR NOT (${b})`);
    }
  });

  it("AND distributes over OR, and NOT NOT is nothing", () => {
    for (const [a, b, c] of queries) {
      same(`(${a}) AND ((${b}) OR (${c}))`, `((${a}) AND (${b})) OR ((${a}) AND (${c}))`);
      same(`NOT NOT (${a})`, a);
    }
  });

  it("NEAR without f is symmetric, and finds no more than AND", () => {
    for (const [a, b] of queries) {
      const left = `(${a.replace(/title:|NOT |NEAR\/\d+f?/g, "")})`;
      const right = `(${b.replace(/title:|NOT |NEAR\/\d+f?/g, "")})`;
      same(`${left} NEAR/3 ${right}`, `${right} NEAR/3 ${left}`);
      const near = compileQuery(parseQuery(`${left} NEAR/3 ${right}`));
      const both = compileQuery(parseQuery(`${left} ${right}`));
      for (const m of messages) if (near(m)) expect(both(m), `${left} NEAR/3 ${right}`).not.toBeNull();
    }
  });

  it("printing a tree and reading it back gives the same tree", () => {
    for (const [a] of queries) {
      const parsed = parseQuery(a);
      expect(shape(parseQuery(printQuery(parsed))), a).toEqual(shape(parsed));
    }
  });
});
