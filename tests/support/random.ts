/** A small deterministic generator, so a failing randomised test can be replayed from its seed. */
export function seeded(seed: number) {
  let state = seed;
  const rnd = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)] as T;
  return { rnd, pick };
}
