import { configureAmplify } from './amplify';
import { sharedStack } from './shared-stack';
import { javaProcessesFor, startStack, type StackProcess } from './stack-process';
import { newUser, type TestUser } from './users';

export interface TwoUsers {
  stack: StackProcess;
  alice: TestUser;
  bob: TestUser;
}

/**
 * Two newly signed-up users on the local stack the worker's suites share, or, with `own`,
 * on a stack of the file's own (for a suite that measures or changes the stack's process
 * itself), stopped after the file leaving no DynamoDB Local behind. Read the fields inside
 * tests (they are set in beforeAll).
 */
export const stackWithTwoUsers = (options: { own?: boolean } = {}): TwoUsers => {
  const context = {} as TwoUsers;
  beforeAll(async () => {
    context.stack = options.own ? await startStack() : await sharedStack();
    configureAmplify(context.stack.config);
    context.alice = await newUser(context.stack, 'alice');
    context.bob = await newUser(context.stack, 'bob');
  }, 120_000);
  if (options.own)
    afterAll(async () => {
      expect(await context.stack.stop()).toBe(0);
      expect(javaProcessesFor(context.stack.dataDir)).toEqual([]);
    });
  return context;
};
