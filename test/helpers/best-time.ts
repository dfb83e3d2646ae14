/**
 * CPU milliseconds `fn` takes, best of `runs`: CPU time, which other processes do not inflate as
 * they do elapsed time, so that a busy machine does not fail a linear matcher.
 */
export function bestTime(fn: () => void, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

/**
 * CPU milliseconds (user and system) this process spends while `fn` runs, with its result: a test
 * server in this process is charged for its work, and unlike elapsed time the figure does not
 * grow when other processes take the CPU.
 */
export async function cpuTime<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const before = process.cpuUsage();
  const result = await fn();
  const used = process.cpuUsage(before);
  return { result, ms: (used.user + used.system) / 1000 };
}
