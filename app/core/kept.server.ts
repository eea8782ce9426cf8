// Answers kept in memory while the stored mentions stay the same: a screen's figures under load (the overview,
// analytics' slower charts), shared by every request asking the same. Whatever stores, re-matches, changes or
// deletes mentions says so here, and every kept answer is dropped.
let generation = 0;

/** Counts changes to the stored mentions or their links, so read caches know when to drop their figures. */
export function mentionsChanged() {
  generation += 1;
}

/** How long a screen's figures (the overview, analytics, a feed page) are kept under load. */
export const SCREEN_FIGURES_MS = 5_000;

/**
 * How many answers of a whole page (a feed page holds up to 200 KB of text) are kept at most: an answer past its
 * time stays until it is asked again or pushed out, so this bounds their memory (~20 MB).
 */
export const KEPT_PAGES = 100;

/**
 * Answers kept for `ms` per question and dropped as soon as mentions change (their generation): a screen's
 * figures under load, shared by every request that asks the same. A failure is not kept.
 */
export function keptWhileMentionsUnchanged(ms: number, max = 1_000) {
  const kept = new Map<string, { until: number; generation: number; answer: Promise<unknown> }>();
  return <T>(question: unknown, compute: () => Promise<T>): Promise<T> => {
    const key = JSON.stringify(question);
    const now = Date.now();
    const entry = kept.get(key);
    if (entry && entry.until > now && entry.generation === generation) return entry.answer as Promise<T>;
    kept.delete(key);
    // Map order is insertion order: the first entry is the oldest.
    if (kept.size >= max) kept.delete(kept.keys().next().value as string);
    const answer = compute();
    kept.set(key, { until: now + ms, generation, answer });
    answer.catch(() => kept.get(key)?.answer === answer && kept.delete(key));
    return answer;
  };
}
