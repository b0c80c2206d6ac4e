import type { Page } from 'playwright-core';
import type { StatementUploadRequest } from '../../../contract';
import { configureAmplify } from '../../local/support/amplify';
import { rawGraphql } from '../../local/support/graphql';
import { waitFor } from '../../local/support/stack-process';
import { uploadAvatar, uploadStatement } from '../../local/support/uploads';
import { newUser, type TestUser } from '../../local/support/users';
import { base, newPage, stack } from './browser-suite';
import { signIn } from './screens';

/** A 2×2 PNG: the profile picture the browser files' people set. */
export const avatar = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR4nGNk+M/wn4GBgYGJgYGBAQAb/gIBiM5w3wAAAABJRU5ErkJggg==',
  'base64',
);

export type StatementToKeep = Omit<StatementUploadRequest, 'size' | 'checksum'> & { bytes: Buffer };

/** What a person already has when a file's tests begin. */
export interface Beforehand {
  displayName?: string;
  /** A profile picture, set once its scan found it clean (as the profile page waits for). */
  avatar?: Buffer;
  /** Statements uploaded through the statements API, each scanned clean (available) before the tests. */
  statements?: StatementToKeep[];
}

export interface Person extends TestUser {
  /** The statements' ids, in the order given. */
  statementIds: string[];
}

const graphql = async (person: { idToken: string }, query: string) => {
  const answer = await rawGraphql(stack.config, { Authorization: person.idToken }, query);
  if (answer.body.errors?.length) throw new Error(`${query}: ${JSON.stringify(answer.body.errors)}`);
  return answer.body.data as Record<string, never>;
};

/**
 * A person of the file's own whom its tests take as they find them, made through the APIs as
 * the integration suites make theirs (Amplify, the stack's printed code, USER_PASSWORD_AUTH):
 * what the tests look at is what comes after, in the browser. What they have beforehand is
 * given, and waited for until the vault holds it as done.
 */
export const personWith = async (name: string, beforehand: Beforehand = {}): Promise<Person> => {
  configureAmplify(stack.config);
  const person = await newUser(stack, name);
  if (beforehand.displayName !== undefined)
    await graphql(person, `mutation { updateProfile(input: { displayName: ${JSON.stringify(beforehand.displayName)} }) { userId } }`);
  if (beforehand.avatar) {
    const put = await uploadAvatar(stack.config, person.idToken, beforehand.avatar);
    if (put.status !== 200) throw new Error(`the profile picture's PUT: ${put.status}`);
    await waitFor(
      async () => ((await graphql(person, '{ me { avatarKey } }')).me as { avatarKey?: string }).avatarKey || undefined,
      `${name}'s profile picture to be checked`,
      60_000,
    );
  }
  const statementIds = await keepStatements(person.idToken, beforehand.statements ?? []);
  return { ...person, statementIds };
};

/**
 * Statements the person keeps before the tests: uploaded through the statements API with
 * their token, and each scanned clean (available). Their ids, in the order given.
 */
export const keepStatements = async (idToken: string, statements: StatementToKeep[]): Promise<string[]> => {
  const ids: string[] = [];
  for (const statement of statements) ids.push((await uploadStatement(stack.config, idToken, statement)).statementId);
  if (ids.length === 0) return ids;
  await waitFor(
    async () => {
      const { items } = (await graphql({ idToken }, '{ statements(limit: 100) { items { id status } } }')).statements as {
        items: { id: string; status: string }[];
      };
      return ids.every((id) => items.some((item) => item.id === id && item.status === 'AVAILABLE')) || undefined;
    },
    `${ids.length} statements to be scanned clean`,
    60_000,
  );
  return ids;
};

/** Signs the person in through the sign-in page a private page sends them to, and waits to be back on it. */
export const signInAt = async (page: Page, person: { email: string; password: string }, path = '/statements') => {
  await page.goto(`${base}${path}`);
  await page.waitForURL(/\/sign-in/);
  await signIn(page, person.email, person.password);
  await page.waitForURL(`${base}${path}`);
};

/** A person of the file's own (`personWith`), and a page of theirs, signed in at `path` through the sign-in page. */
export const signedInPerson = async (name: string, path: string, beforehand: Beforehand = {}): Promise<{ person: Person; page: Page }> => {
  const person = await personWith(name, beforehand);
  const page = await newPage();
  await signInAt(page, person, path);
  return { person, page };
};
