/**
 * The query language (ADR 063): one Boolean language for a project's rules, the feed's search, saved views and
 * alert rules. Parsed here once; projects match with `compileQuery`, the feed searches with query-sql.server.
 *
 * - `Nurbank`: the word and its inflected forms, as the matcher reads them (text.ts); `"exact phrase"`: the
 *   words in a row, no inflection; `bank*`: words starting so (3 letters at least);
 * - `AND`, `OR`, `NOT`, parentheses; a space is AND; `-word` is NOT word. OR binds loosest, then AND, then NOT,
 *   then NEAR. Also in Russian (`И`, `ИЛИ`, `НЕ`) and Uzbek (`VA`, `YOKI`, `EMAS`, `ВА`, `ЁКИ`, `ЭМАС`);
 * - `a NEAR/5 b`: at most 5 words between them, either order; `NEAR/5f`: `a` first. Between words, phrases
 *   or parenthesised groups of them, in one field (the title or the text);
 * - fields: `title:` (a word, phrase or group, in the title), `author:`, `site:` (a host and its subdomains; `site:uz` is every .uz site),
 *   `source:` (a source's name), `lang:` (en, ru, uz, uz-Cyrl).
 *
 * Words are folded as everywhere (case, diacritics, apostrophes, Uzbek Latin = Cyrillic). Plain data and pure
 * functions: the browser highlights a query with `lexQuery` too.
 */
import { foldWords, inflects, stripEndings, type Token, type TokenizedMessage, tokenize } from "./text.ts";

export const QUERY_LIMITS = { length: 4_000, terms: 300, depth: 10 } as const;
export const QUERY_LANGUAGES = ["en", "ru", "uz", "uz-Cyrl"] as const;
const MIN_PREFIX = 3;
const MAX_NEAR = 100;

export type TextField = "any" | "title";
export type MetaField = "author" | "site" | "source" | "lang";

/** Where a node stands in the query, in characters: for errors and highlighting. */
interface At {
  start: number;
  end: number;
}

export type QueryNode =
  | (At & {
      kind: "term";
      /** As typed, quotes included: the term a match names. */
      raw: string;
      /** Folded. One word, or several in a row (a phrase, or a word that folds to several: `covid-19`). */
      words: string[];
      /** Quoted: no inflection. */
      exact: boolean;
      /** `bank*`: words starting with the (last) word. */
      prefix: boolean;
      field: TextField;
    })
  | (At & {
      kind: "meta";
      field: MetaField;
      raw: string;
      value: string;
      /**
       * author: and source: — the name's words in a row, folded; the last a prefix when `prefix`.
       * site: — the host as written, when `value` (as a URL holds it: xn--…) differs.
       */
      words: string[];
      prefix: boolean;
    })
  | (At & { kind: "and" | "or"; children: QueryNode[] })
  | (At & { kind: "not"; child: QueryNode })
  | (At & { kind: "near"; left: QueryNode; right: QueryNode; distance: number; ordered: boolean });

export type QueryErrorCode =
  | "expected_term"
  | "unexpected_close"
  | "unclosed_paren"
  | "unclosed_quote"
  | "empty_phrase"
  | "prefix_too_short"
  | "bad_wildcard"
  | "bad_near"
  | "near_needs_text"
  | "bad_language"
  | "bad_site"
  | "empty_field"
  | "too_long"
  | "too_many_terms"
  | "too_deep";

export class QueryError extends Error {
  readonly code: QueryErrorCode;
  /** 0-based; the page shows it 1-based. */
  readonly position: number;
  /** What stood there: a word, an operator, or "" at the end. */
  readonly found: string;
  constructor(code: QueryErrorCode, position: number, found = "") {
    super(`${code} at ${position + 1}${found ? `: ${found}` : ""}`);
    this.code = code;
    this.position = position;
    this.found = found;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Tokens

export type LexKind = "word" | "phrase" | "operator" | "near" | "paren" | "field" | "minus" | "space";

/** A piece of the query as typed: the highlighter colours these, the parser reads them. */
export interface Lexeme {
  kind: LexKind;
  text: string;
  start: number;
  end: number;
}

const OPERATORS: Record<string, "AND" | "OR" | "NOT"> = {
  AND: "AND",
  И: "AND",
  VA: "AND",
  ВА: "AND",
  OR: "OR",
  ИЛИ: "OR",
  YOKI: "OR",
  ЁКИ: "OR",
  NOT: "NOT",
  НЕ: "NOT",
  EMAS: "NOT",
  ЭМАС: "NOT",
};
const FIELDS = new Set(["title", "author", "site", "source", "lang"]);
const OPENING_QUOTES = new Set(['"', "«", "“", "„"]);
const CLOSING_QUOTES = new Set(['"', "»", "”", "“"]);
const NEAR = /^NEAR\/(\d+)(f?)$/;
const SPACE = /\s/;
const FIELD = /^([A-Za-z]+):/;

/** The query cut into its pieces, spaces included: what was typed, each piece once, in order. */
export function lexQuery(query: string): Lexeme[] {
  const out: Lexeme[] = [];
  let at = 0;
  const push = (kind: LexKind, end: number) => {
    out.push({ kind, text: query.slice(at, end), start: at, end });
    at = end;
  };
  while (at < query.length) {
    const ch = query[at] as string;
    if (SPACE.test(ch)) {
      let end = at + 1;
      while (end < query.length && SPACE.test(query[end] as string)) end++;
      push("space", end);
    } else if (ch === "(" || ch === ")") {
      push("paren", at + 1);
    } else if (OPENING_QUOTES.has(ch)) {
      let end = at + 1;
      while (end < query.length && !CLOSING_QUOTES.has(query[end] as string)) end++;
      push("phrase", Math.min(end + 1, query.length));
    } else if (ch === "-" && at + 1 < query.length && !SPACE.test(query[at + 1] as string) && startsTerm(out)) {
      push("minus", at + 1);
    } else {
      const field = FIELD.exec(query.slice(at, at + 8));
      if (field && FIELDS.has((field[1] as string).toLowerCase())) {
        push("field", at + field[0].length);
        continue;
      }
      let end = at;
      while (end < query.length) {
        const c = query[end] as string;
        if (SPACE.test(c) || c === "(" || c === ")" || OPENING_QUOTES.has(c)) break;
        end++;
      }
      const text = query.slice(at, end);
      push(text in OPERATORS ? "operator" : NEAR.test(text) ? "near" : "word", end);
    }
  }
  return out;
}

/** A minus negates only where a term may start: at the start, after a space, a bracket, an operator or a field. */
function startsTerm(before: Lexeme[]): boolean {
  const last = before.at(-1);
  return !last || last.kind === "space" || last.kind === "operator" || last.kind === "near" || last.text === "(";
}

// ---------------------------------------------------------------------------------------------------------
// Parser

/** A parsed query: its tree, or null for an empty one. Throws QueryError. */
export function parseQuery(query: string): QueryNode | null {
  if (query.length > QUERY_LIMITS.length) throw new QueryError("too_long", QUERY_LIMITS.length);
  const lexemes = lexQuery(query).filter((l) => l.kind !== "space");
  if (lexemes.length === 0) return null;
  const parser = new Parser(lexemes, query.length);
  const tree = parser.or(0);
  const rest = parser.peek();
  if (rest) throw new QueryError(rest.text === ")" ? "unexpected_close" : "expected_term", rest.start, rest.text);
  return tree;
}

/** Parses, or gives the error instead of throwing. */
export function tryParseQuery(query: string): { tree: QueryNode | null } | { error: QueryError } {
  try {
    return { tree: parseQuery(query) };
  } catch (error) {
    if (error instanceof QueryError) return { error };
    throw error;
  }
}

/** The tree, or null when the query is empty or cannot be read: what a page highlights. */
export function queryTree(query: string): QueryNode | null {
  const parsed = tryParseQuery(query);
  return "tree" in parsed ? parsed.tree : null;
}

const span = (first: At, last: At): At => ({ start: first.start, end: last.end });

class Parser {
  private at = 0;
  private terms = 0;
  private readonly lexemes: Lexeme[];
  /** The query's length: where "the end" is. */
  private readonly length: number;
  constructor(lexemes: Lexeme[], length: number) {
    this.lexemes = lexemes;
    this.length = length;
  }

  peek(): Lexeme | undefined {
    return this.lexemes[this.at];
  }

  private next(): Lexeme {
    const lexeme = this.lexemes[this.at++];
    if (!lexeme) throw new QueryError("expected_term", this.length);
    return lexeme;
  }

  private isOperator(name: "AND" | "OR" | "NOT"): boolean {
    const lexeme = this.peek();
    return lexeme?.kind === "operator" && OPERATORS[lexeme.text] === name;
  }

  or(depth: number): QueryNode {
    const children = [this.and(depth)];
    while (this.isOperator("OR")) {
      this.at++;
      children.push(this.and(depth));
    }
    return children.length === 1
      ? (children[0] as QueryNode)
      : { kind: "or", children, ...span(children[0] as At, children.at(-1) as At) };
  }

  private and(depth: number): QueryNode {
    const children = [this.unary(depth)];
    for (;;) {
      if (this.isOperator("AND")) {
        this.at++;
        children.push(this.unary(depth));
        continue;
      }
      const lexeme = this.peek();
      // A space is AND: anything that can start a term goes on.
      if (!lexeme || this.isOperator("OR") || lexeme.text === ")" || lexeme.kind === "near") break;
      children.push(this.unary(depth));
    }
    return children.length === 1
      ? (children[0] as QueryNode)
      : { kind: "and", children, ...span(children[0] as At, children.at(-1) as At) };
  }

  private unary(depth: number): QueryNode {
    const lexeme = this.peek();
    if (lexeme && (lexeme.kind === "minus" || (lexeme.kind === "operator" && OPERATORS[lexeme.text] === "NOT"))) {
      this.at++;
      const child = this.unary(depth);
      return { kind: "not", child, start: lexeme.start, end: child.end };
    }
    return this.near(depth);
  }

  private near(depth: number): QueryNode {
    let left = this.primary(depth);
    for (let lexeme = this.peek(); lexeme?.kind === "near"; lexeme = this.peek()) {
      this.at++;
      const [, n, f] = NEAR.exec(lexeme.text) as RegExpExecArray;
      const distance = Number(n);
      if (distance > MAX_NEAR) throw new QueryError("bad_near", lexeme.start, lexeme.text);
      const right = this.primary(depth);
      for (const [side, at] of [
        [left, left.start],
        [right, right.start],
      ] as const) {
        if (!textOnly(side)) throw new QueryError("near_needs_text", at);
      }
      left = { kind: "near", left, right, distance, ordered: f !== "", ...span(left, right) };
    }
    return left;
  }

  private primary(depth: number): QueryNode {
    const lexeme = this.next();
    if (lexeme.text === "(") {
      if (depth + 1 > QUERY_LIMITS.depth) throw new QueryError("too_deep", lexeme.start);
      const inner = this.or(depth + 1);
      const close = this.peek();
      if (close?.text !== ")") throw new QueryError("unclosed_paren", lexeme.start);
      this.at++;
      return { ...inner, start: lexeme.start, end: close.end };
    }
    if (lexeme.kind === "field") return this.field(lexeme, depth);
    if (lexeme.kind === "word" || lexeme.kind === "phrase") return this.term(lexeme, "any");
    throw new QueryError(lexeme.text === ")" ? "unexpected_close" : "expected_term", lexeme.start, lexeme.text);
  }

  private field(lexeme: Lexeme, depth: number): QueryNode {
    const field = lexeme.text.slice(0, -1).toLowerCase() as TextField | MetaField;
    const value = this.peek();
    if (
      !value ||
      value.start !== lexeme.end ||
      !(value.kind === "word" || value.kind === "phrase" || value.text === "(")
    ) {
      throw new QueryError("empty_field", lexeme.start, lexeme.text);
    }
    if (field === "title") {
      const inner = value.text === "(" ? this.primary(depth) : this.term(this.next(), "title");
      return { ...inTitle(inner), start: lexeme.start };
    }
    if (value.text === "(") throw new QueryError("expected_term", value.start, value.text);
    this.next();
    this.count(value);
    const raw = `${lexeme.text}${value.text}`;
    const text = value.kind === "phrase" ? unquote(value) : value.text;
    const at = { start: lexeme.start, end: value.end };
    if (field === "lang") {
      const code = QUERY_LANGUAGES.find((l) => l.toLowerCase() === text.trim().toLowerCase());
      if (!code) throw new QueryError("bad_language", value.start, text);
      return { kind: "meta", field, raw, value: code, words: [], prefix: false, ...at };
    }
    if (field === "site") {
      const host = text
        .trim()
        .toLowerCase()
        .replace(/^https?:\/\//, "")
        .replace(/^www\./, "")
        .replace(/[/:].*$/, "");
      const ascii = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*$/u.test(host) ? asciiHost(host) : null;
      if (!ascii) throw new QueryError("bad_site", value.start, text);
      // A link may hold the host as written (банки.рф) or as the URL parser writes it (xn--80abwho.xn--p1ai).
      return { kind: "meta", field, raw, value: ascii, words: ascii === host ? [] : [host], prefix: false, ...at };
    }
    const words = foldWords(text);
    if (words.length === 0) throw new QueryError("empty_field", lexeme.start, lexeme.text);
    const prefix = value.kind === "word" && text.endsWith("*");
    return { kind: "meta", field: field as MetaField, raw, value: text, words, prefix, ...at };
  }

  private term(lexeme: Lexeme, field: TextField): QueryNode {
    this.count(lexeme);
    // `title:-word`: a minus after a field would be dropped unseen; NOT goes before the field.
    if (lexeme.text.startsWith("-")) throw new QueryError("expected_term", lexeme.start, lexeme.text);
    if (lexeme.kind === "phrase") {
      const inner = unquote(lexeme);
      const words = foldWords(inner);
      if (words.length === 0) throw new QueryError("empty_phrase", lexeme.start, lexeme.text);
      return {
        kind: "term",
        raw: lexeme.text,
        words,
        exact: true,
        prefix: false,
        field,
        start: lexeme.start,
        end: lexeme.end,
      };
    }
    const star = lexeme.text.indexOf("*");
    if (star >= 0 && star < lexeme.text.replace(/\*+$/, "").length) {
      throw new QueryError("bad_wildcard", lexeme.start + star, lexeme.text);
    }
    const prefix = star >= 0;
    const words = foldWords(lexeme.text);
    if (words.length === 0) throw new QueryError("expected_term", lexeme.start, lexeme.text);
    if (prefix && (words.at(-1) as string).length < MIN_PREFIX) {
      throw new QueryError("prefix_too_short", lexeme.start, lexeme.text);
    }
    return { kind: "term", raw: lexeme.text, words, exact: false, prefix, field, start: lexeme.start, end: lexeme.end };
  }

  private count(lexeme: Lexeme) {
    if (++this.terms > QUERY_LIMITS.terms) throw new QueryError("too_many_terms", lexeme.start, lexeme.text);
  }
}

function unquote(lexeme: Lexeme): string {
  const closed = lexeme.text.length > 1 && CLOSING_QUOTES.has(lexeme.text.at(-1) as string);
  if (!closed) throw new QueryError("unclosed_quote", lexeme.start, lexeme.text);
  return lexeme.text.slice(1, -1);
}

/** Whether a NEAR can measure a node: words and phrases only, under AND, OR and NOT. */
function textOnly(node: QueryNode): boolean {
  switch (node.kind) {
    case "term":
      return true;
    case "meta":
      return false;
    case "not":
      return textOnly(node.child);
    case "near":
      return textOnly(node.left) && textOnly(node.right);
    default:
      return node.children.every(textOnly);
  }
}

/** `title:(…)`: every term of the group looks in the title; other fields may not stand inside. */
function inTitle(node: QueryNode): QueryNode {
  switch (node.kind) {
    case "term":
      return { ...node, field: "title" };
    case "meta":
      throw new QueryError("expected_term", node.start, node.raw);
    case "not":
      return { ...node, child: inTitle(node.child) };
    case "near":
      return { ...node, left: inTitle(node.left), right: inTitle(node.right) };
    default:
      return { ...node, children: node.children.map(inTitle) };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reading a tree

/** The terms a tree looks for (not under NOT), in order: what narrows a search, what a page highlights. */
export function positiveTerms(node: QueryNode | null, negated = false): Array<Extract<QueryNode, { kind: "term" }>> {
  if (!node) return [];
  switch (node.kind) {
    case "term":
      return negated ? [] : [node];
    case "meta":
      return [];
    case "not":
      return positiveTerms(node.child, !negated);
    case "near":
      return [...positiveTerms(node.left, negated), ...positiveTerms(node.right, negated)];
    default:
      return node.children.flatMap((c) => positiveTerms(c, negated));
  }
}

/** Whether the tree can match only by finding something (not `NOT x` alone, which matches almost everything). */
export function looksForSomething(node: QueryNode | null): boolean {
  if (!node) return false;
  switch (node.kind) {
    case "term":
    case "meta":
    case "near":
      return true;
    case "not":
      return false;
    case "and":
      return node.children.some(looksForSomething);
    case "or":
      return node.children.every(looksForSomething);
  }
}

/** The query written back from a tree, in canonical form (English operators, groups bracketed). */
export function printQuery(node: QueryNode | null): string {
  if (!node) return "";
  const group = (child: QueryNode) =>
    child.kind === "and" || child.kind === "or" || child.kind === "near" ? `(${printQuery(child)})` : printQuery(child);
  switch (node.kind) {
    case "term":
      return node.field === "title" ? `title:${node.raw}` : node.raw;
    case "meta":
      return node.raw;
    case "not":
      return `NOT ${group(node.child)}`;
    case "near":
      return `${group(node.left)} NEAR/${node.distance}${node.ordered ? "f" : ""} ${group(node.right)}`;
    default:
      return node.children.map(group).join(node.kind === "and" ? " AND " : " OR ");
  }
}

// ---------------------------------------------------------------------------------------------------------
// Matching

/** What a query reads of a mention besides its words. */
export interface QueryMessage extends TokenizedMessage {
  author?: string | null;
  url?: string | null;
  /** Its source's name. */
  source?: string | null;
}

/** Where a term was found: a range of the title's or the text's characters, for highlighting. */
export interface QuerySpan {
  field: "title" | "text";
  start: number;
  end: number;
  /** The term as written in the query. */
  term: string;
}

export interface QueryMatch {
  /** The terms found (not under NOT), as written, each once, in the query's order. */
  terms: string[];
  spans: QuerySpan[];
}

/** A run of words where something was found: token indexes in one field, both ends included. */
interface Hit {
  field: "title" | "text";
  from: number;
  to: number;
  term: string;
}

function termHits(term: Extract<QueryNode, { kind: "term" }>, message: TokenizedMessage, asIndex: boolean): Hit[] {
  const hits: Hit[] = [];
  const last = term.words.length - 1;
  const stem = asIndex ? searchStem(term) : (term.words[last] as string);
  // Read as the index reads it, the text holds the title and the author too (see `compileQuery`).
  const fields =
    term.field === "title" ? (["title"] as const) : asIndex ? (["text"] as const) : (["title", "text"] as const);
  for (const field of fields) {
    const list = message[field];
    for (let i = 0; i + last < list.length; i++) {
      let ok = true;
      for (let k = 0; k < last && ok; k++) ok = (list[i + k] as Token).word === term.words[k];
      if (!ok) continue;
      const word = (list[i + last] as Token).word;
      const found =
        term.prefix || (asIndex && !term.exact)
          ? word.startsWith(stem)
          : word === stem || (!term.exact && inflects(stem, word, message.language));
      if (found) hits.push({ field, from: i, to: i + last, term: term.raw });
    }
  }
  return hits;
}

function asciiHost(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** Whether a name's words hold the field's words in a row (the last as a prefix, for `author:Bekz*`). */
function holdsRun(name: string | null | undefined, node: Extract<QueryNode, { kind: "meta" }>): boolean {
  const words = foldWords(name ?? "");
  const last = node.words.length - 1;
  const end = node.words[last] as string;
  for (let i = 0; i + last < words.length; i++) {
    let ok = true;
    for (let k = 0; k < last && ok; k++) ok = words[i + k] === node.words[k];
    const word = words[i + last] as string;
    if (ok && (node.prefix ? word.startsWith(end) : word === end)) return true;
  }
  return false;
}

function metaMatches(node: Extract<QueryNode, { kind: "meta" }>, message: QueryMessage): boolean {
  switch (node.field) {
    case "lang":
      return message.language === node.value;
    case "site": {
      const host = hostOf(message.url);
      return host !== null && (host === node.value || host.endsWith(`.${node.value}`));
    }
    case "author":
      return holdsRun(message.author, node);
    case "source":
      return holdsRun(message.source, node);
  }
}

function near(left: Hit[], right: Hit[], distance: number, ordered: boolean): Hit[] {
  const out: Hit[] = [];
  for (const a of left) {
    for (const b of right) {
      if (a.field !== b.field) continue;
      const forward = a.to < b.from && b.from - a.to - 1 <= distance;
      const backward = !ordered && b.to < a.from && a.from - b.to - 1 <= distance;
      if (forward || backward) out.push(a, b);
    }
  }
  return out;
}

/**
 * What a node found in a message: null when it does not match; else the hits of its terms (none for a
 * field test or a NOT). NEAR keeps only the hits that stand near each other.
 */
function evaluate(node: QueryNode, message: QueryMessage, asIndex: boolean): Hit[] | null {
  switch (node.kind) {
    case "term": {
      const hits = termHits(node, message, asIndex);
      return hits.length ? hits : null;
    }
    case "meta":
      return metaMatches(node, message) ? [] : null;
    case "not":
      return evaluate(node.child, message, asIndex) === null ? [] : null;
    case "and": {
      const all: Hit[] = [];
      for (const child of node.children) {
        const hits = evaluate(child, message, asIndex);
        if (hits === null) return null;
        all.push(...hits);
      }
      return all;
    }
    case "or": {
      let any: Hit[] | null = null;
      for (const child of node.children) {
        const hits = evaluate(child, message, asIndex);
        if (hits !== null) any = [...(any ?? []), ...hits];
      }
      return any;
    }
    case "near": {
      const left = evaluate(node.left, message, asIndex);
      const right = left && evaluate(node.right, message, asIndex);
      if (!left || !right) return null;
      const hits = near(left, right, node.distance, node.ordered);
      return hits.length ? hits : null;
    }
  }
}

/**
 * Compiles a query once; the function gives what it found in a message, or null when it does not match.
 * `asIndex`: the message read as the search index reads it (query-sql.server), for searches that must find
 * what the feed's search finds: a word's stem starts a word, and the title, the author's name and the text are
 * one run of words (a phrase or NEAR may cross from one to the next); it says which terms it found, not where.
 * By default, as a project's matcher reads it.
 */
export function compileQuery(
  tree: QueryNode | null,
  { asIndex = false }: { asIndex?: boolean } = {},
): (message: QueryMessage) => QueryMatch | null {
  const order = positiveTerms(tree).map((t) => t.raw);
  return (message) => {
    if (!tree) return null;
    const read = asIndex
      ? { ...message, text: [...message.title, ...tokenize({ text: message.author ?? "" }).text, ...message.text] }
      : message;
    const hits = evaluate(tree, read, asIndex);
    if (hits === null) return null;
    const found = new Set(hits.map((h) => h.term));
    if (asIndex) return { terms: [...new Set(order)].filter((t) => found.has(t)), spans: [] };
    const spans = hits
      .map((h) => {
        const list = message[h.field];
        return { field: h.field, start: (list[h.from] as Token).start, end: (list[h.to] as Token).end, term: h.term };
      })
      .sort((a, b) => (a.field === b.field ? a.start - b.start : a.field === "title" ? -1 : 1));
    return { terms: [...new Set(order)].filter((t) => found.has(t)), spans: dedupe(spans) };
  };
}

function dedupe(spans: QuerySpan[]): QuerySpan[] {
  const seen = new Set<string>();
  return spans.filter((s) => {
    const key = `${s.field}:${s.start}:${s.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The folded start a search index looks for: the word without its endings, or the prefix as typed. */
export function searchStem(term: Extract<QueryNode, { kind: "term" }>): string {
  const word = term.words.at(-1) as string;
  return term.exact || term.prefix ? word : stripEndings(word);
}
