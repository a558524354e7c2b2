/** Deterministic 32-bit pseudo-random words (mulberry32): the same seed, the same test data on every run. */
export function randomWords(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Deterministic numbers in [0, 1) from randomWords(seed). */
export function randomUnits(seed: number): () => number {
  const next = randomWords(seed);
  return () => next() / 4294967296;
}

let seq = 0;
/** A string of digits no other call of this process answers (numbers, codes and CNPJs of test rows). */
export const uniqueDigits = () => `${Date.now() % 1_000_000}${++seq}${Math.floor(Math.random() * 65536)}`;
