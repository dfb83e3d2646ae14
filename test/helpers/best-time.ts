/** Milliseconds `fn` takes, best of `runs` (so a busy machine does not fail a linear matcher). */
export function bestTime(fn: () => void, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return best;
}
