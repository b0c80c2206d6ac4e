'use client';

import { useCallback, useState } from 'react';
import { PresignApiError } from './presign-api';

/** What a failure says to the person: the API's own words, or the error's. */
export const actionMessage = (error: unknown): string => (error instanceof PresignApiError ? error.message : `${(error as Error).message}`);

/**
 * One thing a card does at a time: `act` runs it with the card's buttons held (`busy`) and
 * keeps what a failure said (`error`) for the card to show.
 */
export const useAction = () => {
  const [busy, setBusy] = useState(false);
  // (A state setter is the same function every render, so `setError` is safe in a hook's dependencies.)
  const [error, setError] = useState<string>();
  const act = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (caught) {
      setError(actionMessage(caught));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, act };
};
