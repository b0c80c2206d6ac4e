/**
 * What the list and a statement's page both do with statements, and the words they say it
 * in: the API calls, the delete question, and the toasts after. The presign API's code comes
 * with the first action taken.
 */
import { RECENTLY_DELETED } from '@contract/recently-deleted';
import { STATEMENT_ROUTES } from '@contract/routes';
import { countOf, formatPeriod } from '@contract/format';
import type { StatementListItem } from './graphql';

type Named = Pick<StatementListItem, 'id' | 'fileName' | 'accountLabel' | 'period'>;
type IdToken = () => Promise<string>;

const presign = () => import('./presign-api');
const byId = async (id: string, idToken: IdToken) => ({ token: await idToken(), params: { params: { statementId: id } } });

/** Saves a statement's file, through a fresh short-lived download URL. */
export const downloadStatement = async (statement: Pick<Named, 'id'>, idToken: IdToken): Promise<void> => {
  const [{ callPresignApi }, { saveFromUrl }, { token, params }] = await Promise.all([
    presign(),
    import('./save-link'),
    byId(statement.id, idToken),
  ]);
  saveFromUrl((await callPresignApi('statementsApiUrl', STATEMENT_ROUTES.downloadUrl, token, params)).url);
};

/** One call of the statements API per statement, one after the other; the first refusal is thrown. */
const eachStatement =
  (route: (typeof STATEMENT_ROUTES)['deleteStatement' | 'restoreStatement']) =>
  async (statements: readonly Pick<Named, 'id'>[], idToken: IdToken): Promise<void> => {
    const { callPresignApi } = await presign();
    for (const statement of statements) {
      const { token, params } = await byId(statement.id, idToken);
      await callPresignApi('statementsApiUrl', route, token, params);
    }
  };

/** Moves statements to Recently deleted. */
export const deleteStatements = eachStatement(STATEMENT_ROUTES.deleteStatement);

/** Brings statements back from Recently deleted (a toast's Undo). */
export const restoreStatements = eachStatement(STATEMENT_ROUTES.restoreStatement);

const statementsInWords = (statements: readonly Named[]) =>
  statements.length === 1 ? statements[0].fileName : countOf(statements.length, 'statement');

/** The question before a delete: its title and what will happen, naming what goes. */
export const deleteQuestion = (statements: readonly Named[]): { title: string; body: string } => {
  if (statements.length === 0) return { title: '', body: '' };
  if (statements.length === 1) {
    const [one] = statements;
    return {
      title: 'Delete this statement?',
      body: `${one.fileName} (${one.accountLabel}, ${formatPeriod(one.period)}) moves to Recently deleted, where you can restore it for ${RECENTLY_DELETED.keepDays} days.`,
    };
  }
  return {
    title: `Delete ${countOf(statements.length, 'statement')}?`,
    body: `${statements.map((statement) => statement.fileName).join(', ')} move to Recently deleted, where you can restore them for ${RECENTLY_DELETED.keepDays} days.`,
  };
};

/** What the toast says after a delete, beside its Undo. */
export const deletedWords = (statements: readonly Named[]): string => `${statementsInWords(statements)} moved to Recently deleted.`;

/** What the toast says after an Undo. */
export const restoredWords = (statements: readonly Named[]): string =>
  `${statementsInWords(statements)} ${statements.length === 1 ? 'is' : 'are'} back.`;
