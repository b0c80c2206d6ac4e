/** The median wall time of `runs` calls, in milliseconds: robust to one slow run on a busy machine. */
export const medianMs = (runs: number, fn: () => void): number => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
};
