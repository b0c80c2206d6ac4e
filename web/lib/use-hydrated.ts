import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML and while the page hydrates, true once its script runs: a
 * control that needs the script (a form sent through it, a button that does work) stays
 * disabled until then, rather than doing nothing, or posting natively, when pressed early.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
