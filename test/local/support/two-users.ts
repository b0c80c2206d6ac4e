import { configureAmplify } from './amplify';
import { sharedStack } from './shared-stack';
import type { StackProcess } from './stack-process';
import { newUser, type TestUser } from './users';

export interface TwoUsers {
  stack: StackProcess;
  alice: TestUser;
  bob: TestUser;
}

/**
 * Two newly signed-up users on the local stack the worker's suites share. Read the fields
 * inside tests (they are set in beforeAll).
 */
export const stackWithTwoUsers = (): TwoUsers => {
  const context = {} as TwoUsers;
  beforeAll(async () => {
    context.stack = await sharedStack();
    configureAmplify(context.stack.config);
    context.alice = await newUser(context.stack, 'alice');
    context.bob = await newUser(context.stack, 'bob');
  }, 120_000);
  return context;
};
