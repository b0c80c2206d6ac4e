import { expectedStatements, type Expectation, type ExpectedStatement } from '../../../contract/accounts/expected';
import type { AccountExpectationFacts, ReminderStore } from './store';

export interface DuePlan {
  expectation?: Expectation;
  /** Late statements to tell of: those that turned late after the account's newest statement came (an archive filed at once is not nagged about). */
  toTell: readonly ExpectedStatement[];
  /** The day the account's due entry should hold: the first one to tell of, else the day the next turns late. */
  day?: string;
}

/** What an account's facts say is due, as of `today`. */
export const duePlan = (facts: AccountExpectationFacts, today: string): DuePlan => {
  const expectation = expectedStatements(facts.statements, facts.schedule, today, facts.graceDays);
  const toTell = expectation?.late ?? [];
  return { expectation, toTell, day: toTell[0]?.lateOn ?? expectation?.next?.lateOn };
};

/**
 * Puts an account's due entry where its statements now say (after a statement became
 * available, or went): the reminders' run then finds it on that day. It reads the account
 * again, so whichever of two refreshes writes last writes what the records say.
 */
export const refreshDue = async (store: ReminderStore, owner: string, accountKey: string, today: string): Promise<void> => {
  const facts = await store.account(owner, accountKey);
  if (!facts) return;
  await store.setDue(owner, accountKey, duePlan(facts, today).day, facts.dueOn);
};
