/**
 * A small seeded generator (mulberry32) for the random-sequence tests: a failure names its seed,
 * and the same seed replays the same sequence.
 */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  /** The next number in [0, 1). */
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  /** A whole number in [0, n). */
  const int = (n: number): number => Math.floor(next() * n);
  const pick = <T>(values: readonly T[]): T => values[int(values.length)]!;
  return { next, int, pick };
};
