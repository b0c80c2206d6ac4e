/**
 * A value made at its first use and kept for the container's life: what only some
 * invocations need is loaded by the first that does, not at cold start. A making that
 * fails is tried again at the next use, so a passing fault does not stay.
 */
export const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => {
    if (!made) {
      made = make();
      made.catch(() => (made = undefined));
    }
    return made;
  };
};
