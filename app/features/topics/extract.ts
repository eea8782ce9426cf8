// Topics of a period without an outside model (issue 30): the phrases of one to three words that are much
// more frequent in a set of mentions than in the backgrounds it is compared with, grouped so that one topic
// is one row. Pure: the mentions come in, topics go out (find.server.ts reads them, topics.server.ts counts them). Work is done in slices
// that give the event loop back every few milliseconds.
//
// - Words are folded and cut into phrases at punctuation, line breaks and the projects' own terms. Function
//   words are skipped (one may stand between two words of a phrase). `stripEndings` gives each word a stem,
//   and words that are a common stem plus endings (`inflects`: ipoteka = ipotek + a = ipote + ka, ипотеку =
//   ipotek + u, ипотеки = ipote + ki) are one lexeme, named by its shortest stem.
// - A phrase is a set of lexemes, so word order, script and a function word between do not matter: "QR
//   komissiya", "комиссия за QR" and "QR-комиссии" are one phrase.
// - A mention counts once per phrase, and mentions with the same words (re-posts, copies in the other
//   script, other numbers) count once together while scoring.
// - Score: Dunning's log-likelihood G² of the share of mentions with the phrase against the backgrounds (the
//   previous period, the rest of the workspace) taken together; a phrase must also be at least twice as
//   frequent as in each background, and be in `minMentions` distinct mentions (a tenth of a small set, at
//   least two). When nothing stands out, the previous period is left out ("what is talked about here"), and
//   when still nothing does, the most frequent phrases are the topics (`compared` says which).
// - Grouping: see `group`.
import type { Sentiment, SentimentCounts } from "~/core/count.server";
import { compileRules } from "~/core/matcher";
import { foldWords, inflects, stripEndings, tokenize } from "~/core/text";
import { isStopWord } from "./stop-words";

export interface TopicMention {
  id: string;
  title: string | null;
  text: string;
  language: string | null;
  sentiment: Sentiment;
}

/** Mentions of one side: those read (all, or a sample) and how many there are in all. */
export interface TopicSide {
  mentions: readonly TopicMention[];
  total: number;
}

/** What a topic must stand out against: the same mentions in the previous period, or the rest of the workspace. */
export type Background = "previous" | "workspace";
export const BACKGROUNDS: readonly Background[] = ["previous", "workspace"];

export interface TopicSides {
  current: TopicSide;
  previous: TopicSide;
  /** The workspace's other mentions of the period. */
  workspace: TopicSide;
}

export interface TopicOptions {
  /** The projects' names, keywords and required words: in every mention by definition, never a topic. */
  ownTerms?: readonly string[];
  against?: readonly Background[];
  limit?: number;
  minMentions?: number;
}

export interface Topic {
  /** Its most telling phrase, as most often written. */
  label: string;
  /** Its phrases, the label first, as most often written. */
  phrases: string[];
  /** Words for the feed's search (`/messages?q=`): every form of each word of the label is found. */
  search: string;
  /** Mentions of the period with any of its phrases (estimated when the period was sampled). */
  count: number;
  sentiment: SentimentCounts;
  /** The same in the previous period. */
  previous: number;
  /** A few of its mentions' ids, newest first. */
  examples: string[];
  /** How strongly its first phrase stands out (G² against the backgrounds). */
  score: number;
}

export interface Topics {
  topics: Topic[];
  /** The period's mentions, and how many of them were read. */
  mentions: number;
  read: number;
  /** Counts are estimated from a sample of the period or of the previous one. */
  estimated: boolean;
  /** The backgrounds the topics were compared with (one with too few mentions is left out). */
  compared: Background[];
}

/** Only the start of a long text is read: it is where a mention says what it is about. */
export const TEXT_CHARS = 1_000;
export const MIN_MENTIONS = 5;
/** G² above this is p < 0.01 (one degree of freedom). */
const MIN_G2 = 6.63;
const MIN_RATIO = 2;
/** A background with fewer distinct mentions says too little to compare with. */
const MIN_BACKGROUND = 20;
/** Function words or numbers allowed between two words of a phrase. */
const MAX_GAP = 1;
/** Phrases scored for grouping: enough for every topic shown. */
const CANDIDATES = 300;
/** A phrase belongs to a topic when this share of its mentions are the topic's first phrase's. */
const JOIN = 2 / 3;
/** Two longer phrases, each in this share of a phrase's mentions and never together, make it ambiguous. */
const SPLIT = 1 / 4;
/** A longer phrase names the topic when it is in this share of the first phrase's mentions. */
const LABEL_COVER = 0.6;
const SHOWN_PHRASES = 6;
const EXAMPLES = 3;
/** The longest stretch of work between two turns of the event loop. */
const SLICE_MS = 8;

const BREAK = -1;
const GAP = -2;
const LETTER = /\p{L}/u;
/** What may stand between two words of a phrase: spaces, dashes and quotes. */
const JOINING = new Set([..." \t-–—\"'«»“”„"]);
const SENTIMENTS = ["positive", "neutral", "negative"] as const;
const CYRILLIC = /\p{Script=Cyrillic}/u;
/** 1 for a word in Cyrillic, 0 for any other script. */
const scriptOf = (text: string) => (CYRILLIC.test(text) ? 1 : 0);
/** The same for the word starting at `index` of `text`, read without copying it (U+0400–U+052F). */
const scriptAt = (text: string, index: number): 0 | 1 => {
  const code = text.charCodeAt(index);
  return code >= 0x400 && code <= 0x52f ? 1 : 0;
};

/** Awaited in every step of a long loop: gives the event loop a turn once a slice of work has used its time. */
function slicer(budget = SLICE_MS) {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budget) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/** Signed log-likelihood G² of `a` of `n` against `b` of `m` (positive: more frequent in the first). */
export function logLikelihood(a: number, n: number, b: number, m: number): number {
  const xlx = (x: number) => (x > 0 ? x * Math.log(x) : 0);
  const g =
    2 * (xlx(a) + xlx(n - a) + xlx(b) + xlx(m - b) - xlx(a + b) - xlx(n - a + m - b) - xlx(n) - xlx(m) + xlx(n + m));
  return a * m >= b * n ? g : -g;
}

/** Stems (nodes of the lexeme graph) in order of first sight, and the words seen. */
class Vocabulary {
  readonly ids = new Map<string, number>();
  readonly stems: string[] = [];
  /** Per stem, the first word seen as written whose `stripEndings` it is ("" when none is). */
  readonly spellings: string[] = [];
  /** The same, per script (Latin, Cyrillic): a search link is written in one script. */
  readonly scripts: [string[], string[]] = [[], []];
  /** Folded word → its stem. */
  readonly words = new Map<string, number>();
  /** Folded words that are their own stem: the ones whose spelling names it. */
  readonly bare = new Set<string>();

  node(stem: string): number {
    let id = this.ids.get(stem);
    if (id === undefined) {
      id = this.stems.length;
      this.ids.set(stem, id);
      this.stems.push(stem);
      this.spellings.push("");
    }
    return id;
  }

  /**
   * A folded word's stem. `spelling` gives the word as written (in `script`), asked for only while its stem
   * lacks a spelling in that script: once per stem and script, not per word seen.
   */
  word(folded: string, script: 0 | 1, spelling: () => string): number {
    let id = this.words.get(folded);
    if (id === undefined) {
      const stem = stripEndings(folded);
      id = this.node(stem);
      this.words.set(folded, id);
      if (stem === folded) this.bare.add(folded);
    }
    if (!this.scripts[script][id] && this.bare.has(folded)) {
      const written = spelling();
      this.scripts[script][id] = written;
      if (!this.spellings[id]) this.spellings[id] = written;
    }
    return id;
  }
}

/**
 * One or more mentions with the same words. `items` holds, per token, its stem (then, once lexemes are known,
 * its word number, or BREAK for a word too rare to be in a phrase), GAP for a function word or number, and
 * BREAK where a phrase cannot go on; `starts` and `ends` are the words' places in `body`.
 */
interface Unit {
  body: string;
  items: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  mentions: number;
  sentiment: SentimentCounts;
  ids: string[];
}

interface Side {
  units: Unit[];
  /** Mentions in all, per mention read. */
  scale: number;
}

const isContent = (word: string) => word.length >= 2 && LETTER.test(word) && !isStopWord(word);

function joins(body: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!JOINING.has(body[i] as string)) return false;
  return true;
}

async function unitsOf(
  side: TopicSide,
  vocabulary: Vocabulary,
  own: ReturnType<typeof compileRules> | null,
  pause: () => Promise<void>,
): Promise<Side> {
  const units: Unit[] = [];
  const byWords = new Map<string, Unit>();
  for (const mention of side.mentions) {
    await pause();
    const text = mention.text.slice(0, TEXT_CHARS);
    const body = mention.title ? `${mention.title}\n${text}` : text;
    const tokenized = tokenize({ text: body, language: mention.language });
    const spans = own?.(tokenized)?.spans ?? [];
    const items: number[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    const push = (item: number, start = 0, end = 0) => {
      items.push(item);
      starts.push(start);
      ends.push(end);
    };
    let previousEnd = -1;
    for (const token of tokenized.text) {
      if (previousEnd >= 0 && !joins(body, previousEnd, token.start)) push(BREAK);
      previousEnd = token.end;
      if (spans.length && spans.some((s) => s.start <= token.start && token.end <= s.end)) push(BREAK);
      else if (!isContent(token.word)) push(GAP);
      else
        push(
          vocabulary.word(token.word, scriptAt(body, token.start), () => body.slice(token.start, token.end)),
          token.start,
          token.end,
        );
    }
    const words = items.filter((item) => item >= 0).join(",");
    let unit = byWords.get(words);
    if (!unit) {
      unit = {
        body,
        items: Int32Array.from(items),
        starts: Int32Array.from(starts),
        ends: Int32Array.from(ends),
        mentions: 0,
        sentiment: { positive: 0, neutral: 0, negative: 0 },
        ids: [],
      };
      byWords.set(words, unit);
      units.push(unit);
    }
    unit.mentions++;
    unit.sentiment[mention.sentiment]++;
    if (unit.ids.length < EXAMPLES) unit.ids.push(mention.id);
  }
  return { units, scale: side.mentions.length ? side.total / side.mentions.length : 1 };
}

/**
 * Each stem's lexeme, named by its shortest stem. A word is joined to every stem it is that stem plus
 * endings of, so words sharing one are one lexeme.
 */
async function lexemesOf(vocabulary: Vocabulary, pause: () => Promise<void>): Promise<Int32Array> {
  const root: number[] = [];
  const find = (i: number) => {
    while (root[i] !== i) {
      root[i] = root[root[i] as number] as number;
      i = root[i] as number;
    }
    return i;
  };
  const node = (stem: string) => {
    const id = vocabulary.node(stem);
    while (root.length < vocabulary.stems.length) root.push(root.length);
    return id;
  };
  const union = (i: number, j: number) => {
    const [a, b] = [find(i), find(j)];
    if (a === b) return;
    const shorter = (vocabulary.stems[a] as string).length <= (vocabulary.stems[b] as string).length ? a : b;
    root[a === shorter ? b : a] = shorter;
  };
  for (const [word, stripped] of vocabulary.words) {
    await pause();
    const whole = node(word);
    union(whole, stripped);
    for (let cut = 4; cut < word.length; cut++) {
      const stem = word.slice(0, cut);
      if (inflects(stem, word, null)) union(whole, node(stem));
    }
  }
  return Int32Array.from(root, (_, i) => find(i));
}

// A phrase is a number: its word numbers (below 2¹⁷ − 1), each plus one, in order, in base 2¹⁷.
const BASE = 2 ** 17;
const MAX_WORDS_KEPT = BASE - 2;
const pair = (a: number, b: number) => (a < b ? (a + 1) * BASE + b + 1 : (b + 1) * BASE + a + 1);
function triple(a: number, b: number, c: number) {
  const low = Math.min(a, b, c);
  const high = Math.max(a, b, c);
  return ((low + 1) * BASE + a + b + c - low - high + 1) * BASE + high + 1;
}
function wordsOf(key: number): number[] {
  const words: number[] = [];
  for (let k = key; k > 0; k = Math.floor(k / BASE)) words.unshift((k % BASE) - 1);
  return words;
}

/** Calls `visit` once per phrase of a unit's items (word numbers), with its first and last item. */
function eachPhrase(items: Int32Array, visit: (key: number, first: number, last: number) => void) {
  for (let i = 0; i < items.length; i++) {
    const a = items[i] as number;
    if (a < 0) continue;
    visit(a + 1, i, i);
    let b = -1;
    let gaps = 0;
    for (let j = i + 1; j < items.length; j++) {
      const c = items[j] as number;
      if (c === BREAK) break;
      if (c === GAP) {
        if (++gaps > MAX_GAP) break;
        continue;
      }
      gaps = 0;
      if (c === a || c === b) break;
      if (b < 0) {
        b = c;
        visit(pair(a, b), i, j);
      } else {
        visit(triple(a, b, c), i, j);
        break;
      }
    }
  }
}

/**
 * How many units have each phrase (among `only`, when given), a unit counting once; phrases in fewer than
 * `least` are left out.
 */
async function phraseCounts(
  units: Unit[],
  pause: () => Promise<void>,
  { only, least = 1 }: { only?: ReadonlyMap<number, unknown>; least?: number } = {},
): Promise<Map<number, number>> {
  // count × 2²¹ + the last unit counted (units are fewer than 2²¹). In 16 maps by key: a map that grows past
  // its capacity copies every entry in one go, which for one map of all phrases held the event loop ~50 ms.
  const UNIT = 2 ** 21;
  const shards = Array.from({ length: 16 }, () => new Map<number, number>());
  for (let u = 0; u < units.length; u++) {
    await pause();
    eachPhrase((units[u] as Unit).items, (key) => {
      if (only && !only.has(key)) return;
      const counted = shards[key & 15] as Map<number, number>;
      const value = counted.get(key);
      if (value === undefined) counted.set(key, UNIT + u);
      else if (value % UNIT !== u) counted.set(key, value - (value % UNIT) + UNIT + u);
    });
  }
  const counts = new Map<number, number>();
  let step = 0;
  for (const counted of shards) {
    for (const [key, value] of counted) {
      if (++step % 4096 === 0) await pause();
      const count = Math.floor(value / UNIT);
      if (count >= least) counts.set(key, count);
    }
  }
  return counts;
}

interface Comparison {
  counts: Map<number, number>;
  units: number;
}

/**
 * How strongly a phrase in `count` of `units` stands out: G² against the backgrounds together, or null when it
 * is not `MIN_RATIO` times as frequent as in each of them or G² is below `MIN_G2`. Without a background
 * there is nothing to stand out against, and the most frequent phrases come first.
 */
function standOut(count: number, units: number, backgrounds: Comparison[], key: number): number | null {
  if (backgrounds.length === 0) return count;
  let others = 0;
  let otherUnits = 0;
  for (const background of backgrounds) {
    const other = background.counts.get(key) ?? 0;
    if ((count + 0.5) / (units + 1) < (MIN_RATIO * (other + 0.5)) / (background.units + 1)) return null;
    others += other;
    otherUnits += background.units;
  }
  const g2 = logLikelihood(count, units, others, otherUnits);
  return g2 < MIN_G2 ? null : g2;
}

interface Phrase {
  key: number;
  words: number[];
  score: number;
  /** Units of the period and of the previous period with the phrase, in order. */
  units: number[];
  previous: number[];
  /** Folded form → spelling → mentions. */
  spellings: Map<string, Map<string, number>>;
}

const mostFrequent = <T>(counts: Map<T, number>) => [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];

/** Counts a phrase's spelling under its folded form, so `Ипотека`, `ипотека` and `ipoteka` add up. */
function spell(phrase: Phrase, text: string, mentions: number) {
  const spelling = text.replace(/\s+/g, " ");
  const folded = foldWords(spelling).join(" ");
  let spellings = phrase.spellings.get(folded);
  if (!spellings) {
    spellings = new Map();
    phrase.spellings.set(folded, spellings);
  }
  spellings.set(spelling, (spellings.get(spelling) ?? 0) + mentions);
}

/** The spelling seen most often, of the folded form seen most often. */
function spelledOf(phrase: Phrase): string {
  const total = new Map([...phrase.spellings].map(([folded, s]) => [folded, [...s.values()].reduce((a, b) => a + b)]));
  return mostFrequent(phrase.spellings.get(mostFrequent(total) as string) as Map<string, number>) as string;
}

/** The topics of `sides.current`: see the head of this file. */
export async function extractTopics(sides: TopicSides, options: TopicOptions = {}): Promise<Topics> {
  const { ownTerms = [], against = BACKGROUNDS, limit = 10 } = options;
  // A few mentions can still have a topic: in a tenth of them (at least two) when that is fewer.
  const minMentions = Math.min(
    options.minMentions ?? MIN_MENTIONS,
    Math.max(2, Math.ceil(sides.current.mentions.length / 10)),
  );
  const pause = slicer();
  const own = ownTerms.length
    ? compileRules({ keywords: ownTerms, requiredWords: [], excludedWords: [], languages: [] })
    : null;
  const vocabulary = new Vocabulary();
  const current = await unitsOf(sides.current, vocabulary, own, pause);
  const previous = await unitsOf(sides.previous, vocabulary, own, pause);
  const workspace = against.includes("workspace")
    ? await unitsOf(sides.workspace, vocabulary, own, pause)
    : { units: [], scale: 1 };
  const lexeme = await lexemesOf(vocabulary, pause);

  // Words: the lexemes in enough of the period's mentions (only they can make a phrase that is), numbered.
  const mentionsOf = new Map<number, number>();
  for (const unit of current.units) {
    await pause();
    for (const found of new Set(Array.from(unit.items, (item) => (item >= 0 ? (lexeme[item] as number) : -1)))) {
      if (found >= 0) mentionsOf.set(found, (mentionsOf.get(found) ?? 0) + 1);
    }
  }
  const kept = [...mentionsOf]
    .filter(([, n]) => n >= minMentions)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_WORDS_KEPT)
    .map(([word]) => word);
  const numberOf = new Map(kept.map((word, i) => [word, i]));
  for (const side of [current, previous, workspace]) {
    for (const unit of side.units) {
      await pause();
      unit.items = unit.items.map((item) => (item < 0 ? item : (numberOf.get(lexeme[item] as number) ?? BREAK)));
    }
  }

  const counts = await phraseCounts(current.units, pause, { least: minMentions });
  // Where each phrase of enough mentions is (grouping looks at all of them).
  const postings = new Map<number, number[]>([...counts.keys()].map((key) => [key, []]));
  for (let u = 0; u < current.units.length; u++) {
    await pause();
    eachPhrase((current.units[u] as Unit).items, (key) => {
      const units = postings.get(key);
      if (units && units[units.length - 1] !== u) units.push(u);
    });
  }
  const backgroundSides = { previous, workspace };
  const comparisons = new Map<Background, Comparison>();
  const comparisonOf = async (name: Background) => {
    let comparison = comparisons.get(name);
    if (!comparison) {
      const side = backgroundSides[name];
      comparison = { units: side.units.length, counts: await phraseCounts(side.units, pause, { only: counts }) };
      comparisons.set(name, comparison);
    }
    return comparison;
  };
  // What stands out against every background asked for ("what is new here"); when nothing does (a story that
  // began before the period is as frequent in the previous one; a brand too new to have one), what stands out
  // against the rest of the workspace; when nothing does either, the most frequent phrases (`compared` empty).
  const usable = (names: readonly Background[]) =>
    names.filter((name) => against.includes(name) && backgroundSides[name].units.length >= MIN_BACKGROUND);
  const tiers: Background[][] = [];
  for (const names of [usable(BACKGROUNDS), usable(["workspace"]), []]) {
    if (!tiers.some((tier) => tier.join() === names.join())) tiers.push(names);
  }
  let groups: Phrase[][] = [];
  let compared: Background[] = [];
  for (const names of tiers) {
    const backgrounds: Comparison[] = [];
    for (const name of names) backgrounds.push(await comparisonOf(name));
    groups = await topicsAgainst(backgrounds);
    compared = names;
    if (groups.length) break;
  }

  /** The topics standing out against `backgrounds`, best first. */
  async function topicsAgainst(backgrounds: Comparison[]): Promise<Phrase[][]> {
    const scored: Array<{ key: number; score: number }> = [];
    let step = 0;
    for (const [key, count] of counts) {
      if (++step % 4096 === 0) await pause();
      const score = standOut(count, current.units.length, backgrounds, key);
      if (score !== null) scored.push({ key, score });
    }
    if (!scored.length) return [];
    scored.sort((a, b) => b.score - a.score || a.key - b.key);
    const phrases = new Map<number, Phrase>(
      scored.slice(0, CANDIDATES).map(({ key, score }) => [
        key,
        {
          key,
          words: wordsOf(key),
          score,
          units: postings.get(key) as number[],
          previous: [],
          spellings: new Map(),
        },
      ]),
    );
    return group([...phrases.values()], { units: current.units, postings, backgrounds, minMentions }, pause);
  }
  // The shown topics' phrases: their spellings, and their mentions in the previous period (read once, for these
  // only, whichever comparison found them).
  const shown = new Map(groups.slice(0, limit).flatMap((members) => members.map((p) => [p.key, p] as const)));
  for (let u = 0; u < current.units.length; u++) {
    await pause();
    const unit = current.units[u] as Unit;
    eachPhrase(unit.items, (key, first, last) => {
      const phrase = shown.get(key);
      if (phrase) spell(phrase, unit.body.slice(unit.starts[first], unit.ends[last]), unit.mentions);
    });
  }
  for (let u = 0; u < previous.units.length; u++) {
    await pause();
    eachPhrase((previous.units[u] as Unit).items, (key) => {
      const units = shown.get(key)?.previous;
      if (units && units[units.length - 1] !== u) units.push(u);
    });
  }
  const topics = groups.slice(0, limit).map((members) => {
    const seed = members[0] as Phrase;
    const seedUnits = new Set(seed.units);
    const label = members
      .filter((p) => p.units.filter((u) => seedUnits.has(u)).length >= LABEL_COVER * seed.units.length)
      .sort((a, b) => b.words.length - a.words.length || b.score - a.score)[0] as Phrase;
    const sentiment = { positive: 0, neutral: 0, negative: 0 };
    for (const u of new Set(members.flatMap((p) => p.units))) {
      for (const s of SENTIMENTS) sentiment[s] += (current.units[u] as Unit).sentiment[s];
    }
    for (const s of SENTIMENTS) sentiment[s] = Math.round(sentiment[s] * current.scale);
    const before = [...new Set(members.flatMap((p) => p.previous))];
    // A phrase all of whose words are in one shown before it adds nothing ("QR" after "QR komissiya").
    const shown: Phrase[] = [];
    for (const phrase of [label, ...members.filter((p) => p !== label)]) {
      if (!shown.some((s) => phrase.words.every((w) => s.words.includes(w)))) shown.push(phrase);
    }
    const spelling = spelledOf(label);
    return {
      label: spelling,
      phrases: shown.slice(0, SHOWN_PHRASES).map(spelledOf),
      search: searchWords(
        spelling,
        label.words.map((w) => kept[w] as number),
        vocabulary,
        lexeme,
      ),
      count: sentiment.positive + sentiment.neutral + sentiment.negative,
      sentiment,
      previous: Math.round(before.reduce((n, u) => n + (previous.units[u] as Unit).mentions, 0) * previous.scale),
      examples: label.units.flatMap((u) => (current.units[u] as Unit).ids).slice(0, EXAMPLES),
      score: Math.round(seed.score * 10) / 10,
    };
  });
  return {
    topics,
    mentions: sides.current.total,
    read: sides.current.mentions.length,
    estimated:
      sides.current.mentions.length < sides.current.total || sides.previous.mentions.length < sides.previous.total,
    compared,
  };
}

/**
 * The label's words for the feed's search, in the label's order: for each lexeme, a word whose stem is its
 * shortest stem, which the feed looks for as a prefix, so every form joined to it is found (`stem*` when no
 * word was seen with that stem). One script: the label's where a word was seen in it (`ilova yangilanish`,
 * never `ilova янгиланиш`); the feed folds Uzbek Cyrillic and Latin to the same words.
 */
function searchWords(spelling: string, lexemes: number[], vocabulary: Vocabulary, lexeme: Int32Array): string {
  const order = foldWords(spelling).map((word) => {
    const node = vocabulary.words.get(word);
    return node === undefined ? -1 : (lexeme[node] as number);
  });
  const words = lexemes.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  // Cyrillic when the label is and every word was seen in it; else Latin, a word never seen in Latin given as
  // its folded stem (Latin letters), which the feed folds its text to as well.
  const [latin, cyrillic] = vocabulary.scripts;
  if (scriptOf(spelling) === 1 && words.every((word) => cyrillic[word])) {
    return words.map((word) => cyrillic[word]).join(" ");
  }
  return words.map((word) => latin[word] || `${vocabulary.stems[word]}*`).join(" ");
}

/**
 * Phrases (best first) into topics, best first. Seeds first: a phrase starts a topic unless two thirds of its
 * mentions are a topic's already, its mentions outside the topics so far do not stand out on their own, or it
 * is an ambiguous word (two of its longer phrases never meet: "ставка" of "ставка по ипотеке" and "asosiy
 * stavka"). A phrase of two or three words is never ambiguous: a story told in several ways ("app update
 * broke login", "after the app update") has longer phrases that never meet, and is still one topic.
 * Then every other phrase joins the topic holding the largest share of its mentions, if that is two thirds.
 */
async function group(
  phrases: Phrase[],
  context: {
    units: Unit[];
    /** Every phrase of enough mentions, and its units. */
    postings: Map<number, number[]>;
    backgrounds: Comparison[];
    minMentions: number;
  },
  pause: () => Promise<void>,
): Promise<Phrase[][]> {
  const { units, postings, backgrounds, minMentions } = context;
  const longerOf = new Map<number, number[]>();
  for (const key of postings.keys()) {
    if (key < BASE) continue;
    for (const word of wordsOf(key)) {
      const keys = longerOf.get(word);
      if (keys) keys.push(key);
      else longerOf.set(word, [key]);
    }
  }
  const wordsIn = new Map<number, Set<number>>();
  const has = (u: number, word: number) => {
    let found = wordsIn.get(u);
    if (!found) {
      found = new Set((units[u] as Unit).items);
      wordsIn.set(u, found);
    }
    return found.has(word);
  };
  // The share of `b`'s mentions that also have the words `a` adds to `base`.
  const meets = (a: number, b: number, base: number[]) => {
    const extra = wordsOf(a).filter((w) => !base.includes(w));
    const inB = postings.get(b) as number[];
    return inB.filter((u) => extra.every((w) => has(u, w))).length / inB.length;
  };
  // Only longer phrases with a good share of the word's mentions can split it.
  const ambiguous = async (phrase: Phrase) => {
    if (phrase.words.length > 1) return false;
    const longer = (longerOf.get(phrase.words[0] as number) ?? []).filter(
      (key) =>
        key !== phrase.key &&
        (postings.get(key) as number[]).length >= SPLIT * phrase.units.length &&
        phrase.words.every((w) => wordsOf(key).includes(w)),
    );
    for (let i = 0; i < longer.length; i++) {
      for (let j = i + 1; j < longer.length; j++) {
        await pause();
        const [a, b] = [longer[i] as number, longer[j] as number];
        if (meets(a, b, phrase.words) < 1 - JOIN && meets(b, a, phrase.words) < 1 - JOIN) return true;
      }
    }
    return false;
  };
  const inside = (phrase: Phrase, seed: Uint8Array) =>
    phrase.units.reduce((n, u) => n + (seed[u] as number), 0) / phrase.units.length;

  const topics: Array<{ seed: Uint8Array; members: Phrase[] }> = [];
  const covered = new Uint8Array(units.length);
  for (const phrase of phrases) {
    await pause();
    if (phrase.units.length < minMentions || topics.some(({ seed }) => inside(phrase, seed) >= JOIN)) continue;
    const fresh = phrase.units.filter((u) => !covered[u]).length;
    if (fresh < minMentions || standOut(fresh, units.length, backgrounds, phrase.key) === null) continue;
    if (await ambiguous(phrase)) continue;
    const seed = new Uint8Array(units.length);
    for (const u of phrase.units) seed[u] = covered[u] = 1;
    topics.push({ seed, members: [phrase] });
  }
  for (const phrase of phrases) {
    await pause();
    if (topics.some((t) => t.members[0] === phrase)) continue;
    let home: (typeof topics)[number] | undefined;
    let best = JOIN;
    for (const topic of topics) {
      const share = inside(phrase, topic.seed);
      if (share >= best) [home, best] = [topic, share + Number.EPSILON];
    }
    home?.members.push(phrase);
  }
  return topics.map((t) => t.members);
}
