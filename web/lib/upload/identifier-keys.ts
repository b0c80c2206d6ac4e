import { identifierKeyOf, identifierText } from '@contract/accounts/identifier-keys';
import type { KeyedFact } from '@contract/accounts/match';
import { STATEMENT_ROUTES } from '@contract/routes';
import { callPresignApi } from '../presign-api';

/**
 * The person's key for account identifiers, asked of the statements API once per page (the
 * same for every file), and the keys of a file's identifiers under it. Without the key (the
 * API unreachable, the session gone), a file's identifiers give no keys: it is matched by
 * bank and last four only, and filed without them; nothing waits on it.
 */
export const identifierKeysFor = (idToken: () => Promise<string>) => {
  let ownerKey: Promise<string | undefined> | undefined;
  const key = () =>
    (ownerKey ??= idToken()
      .then((token) => callPresignApi('statementsApiUrl', STATEMENT_ROUTES.identifierKey, token))
      .then(({ key }) => key)
      .catch(() => {
        ownerKey = undefined;
        return undefined;
      }));
  /** Each identifier's (and bank fact's) key, by its text (contract's identifierText). */
  return async (identifiers: readonly KeyedFact[]): Promise<Map<string, string>> => {
    if (identifiers.length === 0) return new Map();
    const owner = await key();
    if (!owner) return new Map();
    return new Map(
      await Promise.all(
        identifiers.map(async (identifier) => [identifierText(identifier), await identifierKeyOf(owner, identifier)] as const),
      ),
    );
  };
};
