/**
 * One run at a time: asks while a run is under way make one more run after it, not one
 * each. A batch of uploads that land one after another so asks the server for the list a
 * few times rather than once per file, and the run after the last ask still sees them all.
 * `ended` says the run under way is over (for a refresh: its transition settled).
 */
export interface Coalesced {
  ask(): void;
  ended(): void;
}

export const coalesce = (run: () => void): Coalesced => {
  let running = false;
  let again = false;
  return {
    ask() {
      if (running) {
        again = true;
        return;
      }
      running = true;
      run();
    },
    ended() {
      if (!running) return;
      if (again) {
        again = false;
        run();
        return;
      }
      running = false;
    },
  };
};
