import { configureAmplify } from './amplify';
import { javaProcessesFor, startStack, type StackProcess } from './stack-process';
import { newUser, type TestUser } from './users';

export interface TwoUsers {
  stack: StackProcess;
  alice: TestUser;
  bob: TestUser;
}

/**
 * A local stack of its own for a test file, with two signed-up users; stopped after the
 * file, leaving no DynamoDB Local behind. Read the fields inside tests (they are set in beforeAll).
 */
export const stackWithTwoUsers = (options: Parameters<typeof startStack>[0] = {}): TwoUsers => {
  const context = {} as TwoUsers;
  beforeAll(async () => {
    context.stack = await startStack(options);
    configureAmplify(context.stack.config);
    context.alice = await newUser(context.stack, 'alice');
    context.bob = await newUser(context.stack, 'bob');
  }, 90_000);
  afterAll(async () => {
    expect(await context.stack.stop()).toBe(0);
    expect(javaProcessesFor(context.stack.dataDir)).toEqual([]);
  });
  return context;
};
