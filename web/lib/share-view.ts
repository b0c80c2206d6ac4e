import { SHARE_ROUTES } from '@contract/routes';
import { SHARE_FILE_FIELDS, secretOfLink } from '@contract/share-pages';
import { SHARE_SECRET_PATTERN, type RecipientShare } from '@contract/shares';
import { STATEMENT_ID_PATTERN } from '@contract/keys';
import { callShareApi, type Viewer } from './share-api';

/**
 * What the share page shows: nothing asked yet (the form), a link asked for with nothing in
 * it, a link that leads nowhere, an answer that is not the share (too many requests, the
 * vault out of reach), or the share with the secret it was opened with (its files' forms
 * send it back).
 */
export type ShareView =
  | { kind: 'ask' }
  | { kind: 'blank' }
  | { kind: 'dead' }
  | { kind: 'failed'; message: string }
  | { kind: 'open'; secret: string; share: RecipientShare };

/**
 * Opens the share a pasted link (or a fragment) names, through the share API. Every dead
 * link, whatever its shape, costs the API the same call with the same answer: a malformed
 * secret is asked for as an empty one, which leads nowhere, as an unknown, ended or
 * withdrawn one does.
 */
export const openShareView = async (pasted: FormDataEntryValue | null, viewer: Viewer): Promise<ShareView> => {
  if (typeof pasted !== 'string' || !pasted.trim()) return { kind: 'blank' };
  const secret = secretOfLink(pasted);
  const valid = SHARE_SECRET_PATTERN.test(secret);
  const answer = await callShareApi(SHARE_ROUTES.openShare, valid ? secret : '', viewer);
  if (answer.ok && valid) return { kind: 'open', secret, share: answer.body };
  if (answer.ok || answer.status === 404) return { kind: 'dead' };
  return { kind: 'failed', message: answer.message };
};

/** What the file route answers, before it becomes an HTTP response. */
export type ShareFileAnswer =
  { kind: 'redirect'; url: string } | { kind: 'url'; url: string } | { kind: 'refused'; status: 404 | 429; message: string };

/**
 * One shared file's fresh short-lived URL, for the form a file's View or Download button
 * sends (a redirect to it) or the page's ZIP (`as=url`: the URL itself). A file no longer
 * shared, a dead link, or a form that is not one of ours is the same 404.
 */
export const shareFileAnswer = async (form: FormData, viewer: Viewer): Promise<ShareFileAnswer> => {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const secret = field(SHARE_FILE_FIELDS.secret);
  const statementId = field(SHARE_FILE_FIELDS.statement);
  const disposition = field(SHARE_FILE_FIELDS.disposition) === 'inline' ? 'inline' : 'attachment';
  const answer =
    SHARE_SECRET_PATTERN.test(secret) && STATEMENT_ID_PATTERN.test(statementId)
      ? await callShareApi(SHARE_ROUTES.sharedFileUrl, secret, viewer, { params: { statementId }, query: { disposition } })
      : undefined;
  if (!answer?.ok)
    return answer?.status === 429
      ? { kind: 'refused', status: 429, message: answer.message }
      : { kind: 'refused', status: 404, message: 'This file is not shared here.' };
  return { kind: field(SHARE_FILE_FIELDS.as) === 'url' ? 'url' : 'redirect', url: answer.body.url };
};
