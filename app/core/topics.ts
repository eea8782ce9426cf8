// Topics of a period without an outside model (issue 30): the phrases of one to three words that are much
// more frequent in a set of mentions than in the backgrounds it is compared with, grouped so that one topic
// is one row. Pure: the mentions come in, topics go out (topics.server.ts reads them). Work is done in slices
// that give the event loop back every few milliseconds.
//
// - Words are folded, cut into phrases at punctuation, own terms (the projects' keywords) and line breaks, and
//   de-inflected: `stripEndings` gives each word a stem, and stems of which one is the other plus endings
//   (`inflects`: komissi ← komissiya, komis ← komissi) are one lexeme, written by its shortest stem.
// - A phrase is a set of lexemes, so word order, script and the one function word allowed between two words
//   do not matter: "QR komissiya", "комиссия за QR" and "QR-комиссии" are one phrase.
// - A mention counts once per phrase, and mentions whose words are the same (re-posts, copies in the other
//   script) count once together while scoring.
// - Score: Dunning's log-likelihood G² of the phrase's share of mentions against the backgrounds (the previous
//   period, the rest of the workspace) taken together; a phrase must also be at least twice as frequent as in
//   each background and be in `minMentions` distinct mentions.
// - Grouping: a phrase joins the best topic whose first phrase is in two thirds of its mentions; a phrase
//   that joins none starts a topic only if what it adds beyond the topics before it still stands out.
import type { Sentiment, SentimentCounts } from "./count.server.ts";
import { compileRules } from "./matcher.ts";
import { isStopWord } from "./stop-words.ts";
import { foldWords, inflects, stripEndings, tokenize } from "./text.ts";

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
  /** A few of its mentions' ids. */
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
const MAX_WORDS = 3;
/** Function words or numbers allowed between two words of a phrase. */
const MAX_GAP = 1;
/** Phrases scored for grouping: enough for every topic shown. */
const CANDIDATES = 300;
const JOIN = 2 / 3;
/** A longer phrase names the topic when it is in this share of the first phrase's mentions. */
const LABEL_COVER = 0.6;
const SHOWN_PHRASES = 6;
const EXAMPLES = 3;
/** The longest stretch of work between two turns of the event loop. */
const SLICE_MS = 8;

const BREAK = -1;
const GAP = -2;
const JOINABLE = /^[ \t\-–—"'«»“”„]*$/;
const LETTER = /\p{L}/u;

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
  readonly words = new Set<string>();

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

  /** A folded word's stem. */
  word(folded: string, spelling: string): number {
    this.words.add(folded);
    const id = this.node(stripEndings(folded));
    if (!this.spellings[id]) this.spellings[id] = spelling;
    return id;
  }
}

/** One or more mentions with the same words: stems in order, with breaks and gaps, and their spans. */
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
      if (previousEnd >= 0 && !JOINABLE.test(body.slice(previousEnd, token.start))) push(BREAK);
      previousEnd = token.end;
      if (spans.some((s) => s.start <= token.start && token.end <= s.end)) push(BREAK);
      else if (!isContent(token.word)) push(GAP);
      else push(vocabulary.word(token.word, body.slice(token.start, token.end)), token.start, token.end);
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
 * endings of (ipoteka: ipotek + a, ipote + ka), so words sharing one are one lexeme (ipoteki, ipoteku).
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
  for (const word of vocabulary.words) {
    await pause();
    const whole = node(word);
    union(whole, node(stripEndings(word)));
    for (let cut = 4; cut < word.length; cut++) {
      const stem = word.slice(0, cut);
      if (inflects(stem, word, null)) union(whole, node(stem));
    }
  }
  return Int32Array.from(root, (_, i) => find(i));
}

/** Calls `visit` once per phrase of a unit (the key: its lexemes in order), with its first and last item. */
function eachPhrase(
  unit: Unit,
  lexeme: Int32Array,
  keep: (lexeme: number) => boolean,
  visit: (key: string, first: number, last: number) => void,
) {
  const { items } = unit;
  for (let i = 0; i < items.length; i++) {
    const first = items[i] as number;
    if (first < 0 || !keep(lexeme[first] as number)) continue;
    const words = [lexeme[first] as number];
    visit(String(words[0]), i, i);
    let gaps = 0;
    for (let j = i + 1; j < items.length && words.length < MAX_WORDS; j++) {
      const item = items[j] as number;
      if (item === BREAK) break;
      if (item === GAP) {
        if (++gaps > MAX_GAP) break;
        continue;
      }
      const word = lexeme[item] as number;
      if (!keep(word) || words.includes(word)) break;
      words.push(word);
      gaps = 0;
      visit([...words].sort((a, b) => a - b).join(" "), i, j);
    }
  }
}

/** How many units have each phrase (among `only`, when given), a unit counting once. */
async function phraseCounts(
  units: Unit[],
  lexeme: Int32Array,
  keep: (lexeme: number) => boolean,
  pause: () => Promise<void>,
  only?: ReadonlyMap<string, unknown>,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const unit of units) {
    await pause();
    const seen = new Set<string>();
    eachPhrase(unit, lexeme, keep, (key) => {
      if (!only || only.has(key)) seen.add(key);
    });
    for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

interface Comparison {
  counts: Map<string, number>;
  units: number;
}

/**
 * How strongly a phrase in `count` of `units` stands out: G² against the backgrounds together, or null when it
 * is not `MIN_RATIO` times as frequent as in each of them or G² is below `MIN_G2`. Without a background
 * there is nothing to stand out against, and the most frequent phrases come first.
 */
function standOut(count: number, units: number, backgrounds: Comparison[], key: string): number | null {
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
  key: string;
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

/**
 * The label's words for the feed's search, in the label's order: for each, the word whose stem is its lexeme's
 * shortest, which the feed looks for as a prefix, so every form joined to it is found (`stem*` when no word
 * was seen with that stem).
 */
function searchWords(spelling: string, key: string, vocabulary: Vocabulary, lexeme: Int32Array): string {
  const wanted = key.split(" ").map(Number);
  const order = foldWords(spelling).map((word) => {
    const node = vocabulary.ids.get(stripEndings(word));
    return node === undefined ? -1 : (lexeme[node] as number);
  });
  return wanted
    .sort((a, b) => order.indexOf(a) - order.indexOf(b))
    .map((word) => vocabulary.spellings[word] || `${vocabulary.stems[word]}*`)
    .join(" ");
}

/** The topics of `sides.current`: see the head of this file. */
export async function extractTopics(sides: TopicSides, options: TopicOptions = {}): Promise<Topics> {
  const { ownTerms = [], against = BACKGROUNDS, limit = 10, minMentions = MIN_MENTIONS } = options;
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

  // Only words in enough of the period's mentions can be in a phrase that is.
  const seenIn = new Int32Array(vocabulary.stems.length).fill(-1);
  const mentionsOf = new Int32Array(vocabulary.stems.length);
  current.units.forEach((unit, u) => {
    for (const item of unit.items) {
      const word = item >= 0 ? (lexeme[item] as number) : -1;
      if (word >= 0 && seenIn[word] !== u) {
        seenIn[word] = u;
        mentionsOf[word]++;
      }
    }
  });
  const keep = (word: number) => (mentionsOf[word] as number) >= minMentions;

  const counts = await phraseCounts(current.units, lexeme, keep, pause);
  for (const [key, count] of counts) if (count < minMentions) counts.delete(key);
  const backgrounds: Array<Comparison & { name: Background }> = [];
  for (const [name, side] of [
    ["previous", previous],
    ["workspace", workspace],
  ] as const) {
    if (!against.includes(name) || side.units.length < MIN_BACKGROUND) continue;
    backgrounds.push({
      name,
      units: side.units.length,
      counts: await phraseCounts(side.units, lexeme, keep, pause, counts),
    });
  }

  const scored: Array<{ key: string; score: number }> = [];
  for (const [key, count] of counts) {
    const score = standOut(count, current.units.length, backgrounds, key);
    if (score !== null) scored.push({ key, score });
  }
  scored.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1));
  const phrases = new Map<string, Phrase>(
    scored
      .slice(0, CANDIDATES)
      .map(({ key, score }) => [key, { key, score, units: [], previous: [], spellings: new Map() }]),
  );
  // Where each phrase of enough mentions is (grouping looks at all of them), and the candidates' spellings
  // and mentions of the previous period.
  const postings = new Map<string, number[]>([...counts.keys()].map((key) => [key, []]));
  for (const [side, period] of [
    [current, "current"],
    [previous, "previous"],
  ] as const) {
    for (let u = 0; u < side.units.length; u++) {
      await pause();
      const unit = side.units[u] as Unit;
      const seen = new Set<string>();
      eachPhrase(unit, lexeme, keep, (key, first, last) => {
        const phrase = phrases.get(key);
        if (period === "current" && phrase)
          spell(phrase, unit.body.slice(unit.starts[first], unit.ends[last]), unit.mentions);
        if (period === "current" ? postings.has(key) : phrase) seen.add(key);
      });
      for (const key of seen)
        (period === "current" ? (postings.get(key) as number[]) : (phrases.get(key) as Phrase).previous).push(u);
    }
  }
  for (const phrase of phrases.values()) phrase.units = postings.get(phrase.key) as number[];

  const groups = await group(
    [...phrases.values()],
    { units: current.units, lexeme, postings, backgrounds, minMentions },
    pause,
  );
  const topics = groups.slice(0, limit).map((members) => {
    const seed = members[0] as Phrase;
    const seedUnits = new Set(seed.units);
    const label = members
      .filter((p) => p.units.filter((u) => seedUnits.has(u)).length >= LABEL_COVER * seed.units.length)
      .sort((a, b) => b.key.split(" ").length - a.key.split(" ").length || b.score - a.score)[0] as Phrase;
    const units = new Set(members.flatMap((p) => p.units));
    const sentiment = { positive: 0, neutral: 0, negative: 0 };
    for (const u of units) {
      const unit = current.units[u] as Unit;
      for (const s of ["positive", "neutral", "negative"] as const) sentiment[s] += unit.sentiment[s];
    }
    for (const s of ["positive", "neutral", "negative"] as const) {
      sentiment[s] = Math.round(sentiment[s] * current.scale);
    }
    const before = new Set(members.flatMap((p) => p.previous));
    // A phrase all of whose words are in one shown before it adds nothing ("QR" after "QR komissiya").
    const shown: Phrase[] = [];
    for (const phrase of [label, ...members.filter((p) => p !== label)]) {
      const words = phrase.key.split(" ");
      if (!shown.some((s) => words.every((w) => s.key.split(" ").includes(w)))) shown.push(phrase);
    }
    return {
      label: spelledOf(label),
      phrases: shown.slice(0, SHOWN_PHRASES).map(spelledOf),
      search: searchWords(spelledOf(label), label.key, vocabulary, lexeme),
      count: sentiment.positive + sentiment.neutral + sentiment.negative,
      sentiment,
      previous: Math.round([...before].reduce((n, u) => n + (previous.units[u] as Unit).mentions, 0) * previous.scale),
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
    compared: backgrounds.map((b) => b.name),
  };
}

/**
 * Phrases (best first) into topics, best first. Seeds first: a phrase starts a topic unless two thirds of its
 * mentions are a topic's already, its mentions outside the topics so far do not stand out on their own, or it
 * is ambiguous (two of its longer phrases never meet: "ставка" of "ставка по ипотеке" and "asosiy stavka").
 * Then every other phrase joins the topic holding the largest share of its mentions, if that is two thirds.
 */
async function group(
  phrases: Phrase[],
  context: {
    units: Unit[];
    lexeme: Int32Array;
    /** Every phrase of enough mentions, and its units. */
    postings: Map<string, number[]>;
    backgrounds: Comparison[];
    minMentions: number;
  },
  pause: () => Promise<void>,
): Promise<Phrase[][]> {
  const { units, lexeme, postings, backgrounds, minMentions } = context;
  const words = (key: string) => key.split(" ").map(Number);
  const longerOf = new Map<number, string[]>();
  for (const key of postings.keys()) {
    if (!key.includes(" ")) continue;
    for (const word of words(key)) longerOf.set(word, [...(longerOf.get(word) ?? []), key]);
  }
  const lexemesOf = new Map<number, Set<number>>();
  const lexemesIn = (u: number) => {
    let found = lexemesOf.get(u);
    if (!found) {
      found = new Set([...(units[u] as Unit).items].filter((item) => item >= 0).map((item) => lexeme[item] as number));
      lexemesOf.set(u, found);
    }
    return found;
  };
  // The share of `b`'s mentions that also have the words `a` adds to `base`.
  const meets = (a: string, b: string, base: number[]) => {
    const extra = words(a).filter((w) => !base.includes(w));
    const inB = postings.get(b) as number[];
    return inB.filter((u) => extra.every((w) => lexemesIn(u).has(w))).length / inB.length;
  };
  const ambiguous = (phrase: Phrase) => {
    const base = words(phrase.key);
    const longer = (longerOf.get(base[0] as number) ?? []).filter(
      (key) => key !== phrase.key && base.every((w) => words(key).includes(w)),
    );
    return longer.some((a, i) =>
      longer.slice(i + 1).some((b) => meets(a, b, base) < 1 - JOIN && meets(b, a, base) < 1 - JOIN),
    );
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
    if (ambiguous(phrase)) continue;
    const seed = new Uint8Array(units.length);
    for (const u of phrase.units) seed[u] = covered[u] = 1;
    topics.push({ seed, members: [phrase] });
  }
  for (const phrase of phrases) {
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
