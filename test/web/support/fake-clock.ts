/**
 * A clock for a polling core's ports: `sleep` moves it on at once and records each pause;
 * `ask` hands out `answers` in turn, the last one for ever after.
 */
export const fakeClock = <T>(answers: T[]) => {
  let now = 0;
  let asked = 0;
  const pauses: number[] = [];
  return {
    pauses,
    ask: async () => answers[Math.min(asked++, answers.length - 1)],
    sleep: async (ms: number) => {
      pauses.push(ms);
      now += ms;
    },
    now: () => now,
    asked: () => asked,
  };
};
