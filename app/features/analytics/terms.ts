// Trending terms (ADR 029): words and two-word phrases counted once per mention, folded like the matcher
// folds them (so Uzbek Latin and Cyrillic spellings are one term), stop words of the four languages removed.
import { foldWord, tokenize } from "../../core/text.ts";

// Written as people write them; folded below, so Cyrillic Uzbek and Russian land where their Latin twins do.
const STOP_WORDS = `
a about above after again against all also am an and any are as at be because been before being below between
both but by can could did do does doing down during each few for from further had has have having he her here
hers him his how i if in into is it its just me more most my no nor not now of off on once only or other our
out over own same she should so some such than that the their them then there these they this those through
to too under until up very was we were what when where which while who whom why will with would you your new
via one two get got says said like just amp http https www com
и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот от меня
еще нет о из ему теперь когда даже ну вдруг ли если уже или ни быть был него до вас нибудь опять уж вам ведь там
потом себя ничего ей может они тут где есть надо ней для мы тебя их чем была сам чтоб без будто чего раз тоже
себе под будет ж тогда кто этот того потому этого какой совсем ним здесь этом один почти мой тем чтобы нее
сейчас были куда зачем всех никогда можно при наконец два об другой хоть после над больше тот через эти нас про
всего них какая много разве три эту моя впрочем хорошо свою этой перед иногда лучше чуть том нельзя такой им
более всегда конечно всю между это также году года
va bilan uchun ham bu u shu bir edi emas esa yoki lekin ammo biz siz ular men sen bo'lib bo'ldi bo'lgan
bo'yicha kabi keyin oldin hali endi faqat yana juda eng har hamma barcha nima qanday qachon qayerda kim nega
agar chunki deb dedi degan etib qilib qildi qilgan qiladi mumkin kerak bor yo'q o'z o'sha ushbu bunday shunday
ana mana biroq hamda holda orqali tomonidan tarzda yil yilda
ва билан учун ҳам бу у шу бир эди эмас эса ёки лекин аммо биз сиз улар мен сен бўлиб бўлди бўлган бўйича каби
кейин олдин ҳали энди фақат яна жуда энг ҳар ҳамма барча нима қандай қачон ким нега агар чунки деб деди деган
этиб қилиб қилди қилган қилади мумкин керак бор йўқ ўз ўша ушбу бундай шундай ана мана бироқ ҳамда орқали
томонидан йил йилда
`;

export const STOP = new Set(STOP_WORDS.split(/\s+/).filter(Boolean).map(foldWord));

/** A term worth counting: not a stop word, not a number, at least three letters. */
function counts(word: string): boolean {
  return word.length >= 3 && !STOP.has(word) && !/^\d+$/.test(word);
}

export interface TermCounts {
  /** Folded term → how many mentions have it, and its most frequent spelling. */
  terms: Map<string, { count: number; spellings: Map<string, number> }>;
  mentions: number;
}

/** Counts each word and each pair of neighbouring words once per mention (`exclude`: folded words to skip). */
export function countTerms(
  texts: Iterable<{ title: string | null; text: string }>,
  exclude: ReadonlySet<string> = new Set(),
): TermCounts {
  const terms: TermCounts["terms"] = new Map();
  let mentions = 0;
  for (const message of texts) {
    mentions++;
    const seen = new Map<string, string>();
    const tokenized = tokenize(message);
    for (const [field, tokens] of [
      [message.title ?? "", tokenized.title],
      [message.text, tokenized.text],
    ] as const) {
      for (let i = 0; i < tokens.length; i++) {
        const token = tokens[i] as (typeof tokens)[number];
        if (!counts(token.word) || exclude.has(token.word)) continue;
        const spelling = field.slice(token.start, token.end);
        seen.set(token.word, spelling);
        const next = tokens[i + 1];
        // A phrase is two counted words with nothing but spaces between them.
        if (next && counts(next.word) && !exclude.has(next.word) && /^ +$/.test(field.slice(token.end, next.start))) {
          seen.set(`${token.word} ${next.word}`, `${spelling} ${field.slice(next.start, next.end)}`);
        }
      }
    }
    for (const [term, spelling] of seen) {
      let entry = terms.get(term);
      if (!entry) {
        entry = { count: 0, spellings: new Map() };
        terms.set(term, entry);
      }
      entry.count++;
      entry.spellings.set(spelling, (entry.spellings.get(spelling) ?? 0) + 1);
    }
  }
  return { terms, mentions };
}

export interface TrendingTerm {
  /** The most frequent spelling. */
  term: string;
  /** Mentions with the term in the period, and in the one before. */
  count: number;
  previous: number;
}

/**
 * The terms that rose most: their count now minus what the previous period's rate predicts for this many
 * mentions (so a busier period does not lift every term); a term must be in at least `minCount` mentions. A phrase hides its words when it explains them
 * (the words rose by no more than the phrase did).
 */
export function trending(current: TermCounts, previous: TermCounts, { limit = 15, minCount = 3 } = {}) {
  const scale = previous.mentions ? current.mentions / previous.mentions : 0;
  const rising: Array<TrendingTerm & { key: string; rise: number }> = [];
  for (const [key, entry] of current.terms) {
    if (entry.count < minCount) continue;
    const before = previous.terms.get(key)?.count ?? 0;
    const rise = entry.count - before * scale;
    if (rise <= 0) continue;
    const term = [...entry.spellings].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] as string;
    rising.push({ key, term, count: entry.count, previous: before, rise });
  }
  rising.sort((a, b) => b.rise - a.rise || b.count - a.count || (a.key < b.key ? -1 : 1));
  const phrases = rising.filter((t) => t.key.includes(" "));
  const explained = (t: { key: string; rise: number }) =>
    !t.key.includes(" ") && phrases.some((p) => p.key.split(" ").includes(t.key) && t.rise <= p.rise * 1.2);
  return rising
    .filter((t) => !explained(t))
    .slice(0, limit)
    .map(({ term, count, previous }) => ({ term, count, previous }));
}
