/**
 * A query (core/query.ts) as a condition on messages `m`, read through the search index (ADR 024, ADR 063):
 * text under AND, OR, NOT and NEAR becomes one tsquery on `m.search`; a word looks for its stem as a prefix in
 * the folded half and for its Russian stem in the other, so it finds at least every form the matcher finds.
 * `title:` looks at the title's words (weight B), `author:` and `source:` at their folded names, `site:` at the
 * link's host, `lang:` at the language.
 */
import { type SQL, sql } from "drizzle-orm";
import { type QueryNode, searchStem } from "./query.ts";

type Term = Extract<QueryNode, { kind: "term" }>;

const lexeme = (word: string) => `'${word.replace(/['\\]/g, "")}'`;

/**
 * The term in the folded half of the index, as tsquery text: its words in a row, the last as a prefix, each
 * in the title (weight B) or anywhere in that half (A and B; migration 0020).
 */
function simpleText(term: Term): string {
  const weights = term.field === "title" ? "B" : "AB";
  const words = term.words.slice(0, -1).map((word) => `${lexeme(word)}:${weights}`);
  const last = `${lexeme(searchStem(term))}:${term.exact ? "" : "*"}${weights}`;
  return [...words, last].join(" <-> ");
}

const simpleQuery = (term: Term): SQL => sql`to_tsquery('simple', ${simpleText(term)})`;

function termQuery(term: Term, simple: boolean): SQL {
  // The Russian stemmer adds forms the prefix misses (банк ~ банка ~ банком: ADR 024).
  return !simple && term.field === "any" && !term.exact && !term.prefix && term.words.length === 1
    ? sql`(${simpleQuery(term)} || plainto_tsquery('russian', ${term.raw}))`
    : simpleQuery(term);
}

function nearQuery(left: SQL, right: SQL, distance: number, ordered: boolean): SQL {
  const parts: SQL[] = [];
  // tsquery's <N> is exactly N positions apart: at most `distance` words between is 1 to distance + 1.
  for (let d = 1; d <= distance + 1; d++) {
    parts.push(sql`tsquery_phrase(${left}, ${right}, ${d})`);
    if (!ordered) parts.push(sql`tsquery_phrase(${right}, ${left}, ${d})`);
  }
  return sql`(${sql.join(parts, sql` || `)})`;
}

/**
 * The node as one tsquery, or null when a field other than the title stands in it. Under NEAR, the folded half
 * only (`simple`): the Russian half's positions follow it and would stand "near" its last words.
 */
function textQuery(node: QueryNode, simple = false): SQL | null {
  switch (node.kind) {
    case "term":
      return termQuery(node, simple);
    case "meta":
      return null;
    case "not": {
      const child = textQuery(node.child, simple);
      return child && sql`!!${child}`;
    }
    case "near": {
      const left = textQuery(node.left, true);
      const right = textQuery(node.right, true);
      return left && right && nearQuery(left, right, node.distance, node.ordered);
    }
    default: {
      const children = node.children.map((c) => textQuery(c, simple));
      if (children.some((c) => c === null)) return null;
      return sql`(${sql.join(children as SQL[], node.kind === "and" ? sql` && ` : sql` || `)})`;
    }
  }
}

const regexEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A name's folded words hold the field's words in a row: a regular expression on `search_fold(name)`, since
 * the index's parser reads "kun.uz" as one word where the matcher reads two.
 */
function nameHolds(column: SQL, { words, prefix }: Extract<QueryNode, { kind: "meta" }>): SQL {
  const pattern = `\\m${words.map(regexEscape).join("\\W+")}${prefix ? "" : "\\M"}`;
  return sql`search_fold(${column}) ~ ${pattern}`;
}

function metaCondition(node: Extract<QueryNode, { kind: "meta" }>): SQL {
  switch (node.field) {
    case "lang":
      return sql`coalesce(m.language, '') = ${node.value}`;
    case "site":
      return sql`coalesce(m.url, '') ~* ${`^[a-z][a-z0-9+.-]*://([^/?#@]*@)?([^/?#:@]*\\.)?(${[node.value, ...node.words].map(regexEscape).join("|")})(:[0-9]+)?([/?#]|$)`}`;
    case "author":
      return nameHolds(sql`coalesce(m.author, '')`, node);
    case "source":
      return sql`m.source_id IN (SELECT id FROM sources WHERE ${nameHolds(sql`name`, node)})`;
  }
}

/** The condition a query puts on messages `m`; null for an empty query. */
export function queryCondition(tree: QueryNode | null): SQL | null {
  if (!tree) return null;
  const text = textQuery(tree);
  if (text) return sql`m.search @@ ${text}`;
  switch (tree.kind) {
    case "meta":
      return metaCondition(tree);
    case "not":
      return sql`NOT (${queryCondition(tree.child) as SQL})`;
    case "and":
    case "or": {
      const children = tree.children.map((c) => queryCondition(c) as SQL);
      return sql`(${sql.join(children, tree.kind === "and" ? sql` AND ` : sql` OR `)})`;
    }
    default:
      throw new Error(`a ${tree.kind} is text only`);
  }
}
