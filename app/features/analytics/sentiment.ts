/** Net sentiment, (P − N) / (P + N), from −1 to 1; null with no opinionated mentions. */
export function netSentiment(k: { positive: number; negative: number }): number | null {
  return k.positive + k.negative === 0 ? null : (k.positive - k.negative) / (k.positive + k.negative);
}
