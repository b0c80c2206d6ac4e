import { gql } from '@apollo/client';
import { toast } from 'react-toastify/unstyled';
import { createApolloClient } from '../../web/lib/apollo';
import { applyWebConfig } from '../../web/lib/config';
import fixture from './fixtures/amplify_outputs.json';
import type { WebConfig } from '../../contract';
import { MESSAGES } from '../../web/lib/messages';

jest.mock('react-toastify/unstyled', () => ({ toast: { error: jest.fn(), info: jest.fn(), success: jest.fn() } }));

/** The GraphQL client's error catalogue, with fetch answering what a failing server would. */
const answer = (status: number, body: string) =>
  jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));

const QUERY = gql`
  query Status {
    serviceStatus {
      status
    }
  }
`;

// The root layout hands the server's config to <Providers>, which applies it first.
beforeAll(() => applyWebConfig(fixture as unknown as WebConfig));
afterEach(() => jest.restoreAllMocks());
// The client logs the status of an unreadable answer; keep the test output clean.
beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
beforeEach(() => jest.mocked(toast.error).mockClear());
/** The app raises toasts once react-toastify has loaded (lib/toast.ts): a turn of the event loop. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

test('a status of 300 or above shows the server-error toast', async () => {
  answer(503, '{"errors":[{"message":"unavailable"}]}');
  await expect(createApolloClient(async () => undefined).query({ query: QUERY })).rejects.toThrow();
  await settled();
  expect(toast.error).toHaveBeenCalledWith(MESSAGES.serverError, { toastId: 'server-error' });
});

test('an unreadable body shows the parse-error toast', async () => {
  answer(200, '<html>oops</html>');
  await expect(createApolloClient(async () => undefined).query({ query: QUERY })).rejects.toThrow();
  await settled();
  expect(toast.error).toHaveBeenCalledWith(MESSAGES.parseError, { toastId: 'parse-error' });
});

test('signed out: the API key; signed in: the ID token alone (AppSync lets x-api-key win)', async () => {
  const fetchMock = answer(200, '{"data":{"serviceStatus":{"__typename":"ServiceStatus","status":"OK"}}}');
  await createApolloClient(async () => undefined).query({ query: QUERY });
  await createApolloClient(async () => 'id-token').query({ query: QUERY });
  const headers = fetchMock.mock.calls.map(([, init]) => new Headers((init as RequestInit).headers));
  expect(headers[0].get('x-api-key')).toBe('da2-fixture');
  expect(headers[0].get('authorization')).toBeNull();
  expect(headers[1].get('authorization')).toBe('id-token');
  expect(headers[1].get('x-api-key')).toBeNull();
  await settled();
  expect(toast.error).not.toHaveBeenCalled();
});
