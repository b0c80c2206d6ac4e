import * as z from 'zod';
import { SHARE_ID_PATTERN } from '../../contract/shares';
import { STATEMENT_ID_PATTERN, SUB_PATTERN } from '../../contract/keys';
import { MAIL_LIMITS } from '../../contract/mail';
import type { Log } from '../shared/log';
import type { PushOutcome, PushSender } from '../shared/push/sender';
import type { MailArrivals } from '../shared/mail/arrivals';
import type { ShareStore } from '../shared/shares/store';

/**
 * What the notifier is asked: a share of `owner` was opened for the first time. It names
 * the share only; what the notice says comes from the owner's own item of it, so the
 * caller (the share function, which serves people without an account) cannot put words
 * on anyone's lock screen.
 */
export const shareOpenedEventSchema = z.strictObject({
  kind: z.literal('shareOpened'),
  owner: z.string().regex(SUB_PATTERN),
  shareId: z.string().regex(SHARE_ID_PATTERN),
});
export type ShareOpenedEvent = z.infer<typeof shareOpenedEventSchema>;

/**
 * What the notifier is asked, once a mail: files mailed to `owner` wait in Arrived for them.
 * It names the files only; what the notice says comes from the owner's own records of them.
 */
export const arrivalWaitingEventSchema = z.strictObject({
  kind: z.literal('arrivalWaiting'),
  owner: z.string().regex(SUB_PATTERN),
  statementIds: z.array(z.string().regex(STATEMENT_ID_PATTERN)).min(1).max(MAIL_LIMITS.maxStatements),
});
export type ArrivalWaitingEvent = z.infer<typeof arrivalWaitingEventSchema>;

const noticeEventSchema = z.discriminatedUnion('kind', [shareOpenedEventSchema, arrivalWaitingEventSchema]);

export interface NotifierDeps {
  shares: Pick<ShareStore, 'ownerShare'>;
  arrivals: Pick<MailArrivals, 'waiting'>;
  sender: Pick<PushSender, 'notify'>;
  log: Log;
}

/** The notifier: tells the owner's devices, when the share is still theirs, or the mailed file still waits. */
export const createNotifier =
  (deps: NotifierDeps) =>
  async (input: unknown): Promise<PushOutcome | 'ignored'> => {
    const parsed = noticeEventSchema.safeParse(input);
    if (!parsed.success) {
      deps.log.warn('notice refused', { problem: parsed.error.issues.map((issue) => issue.message).join('; ') });
      return 'ignored';
    }
    if (parsed.data.kind === 'arrivalWaiting') return tellWaiting(deps, parsed.data);
    const { owner, shareId } = parsed.data;
    const share = await deps.shares.ownerShare(owner, shareId);
    if (!share) return 'ignored';
    const outcome = await deps.sender.notify(owner, { kind: 'shareOpened', shareId, ...(share.note ? { note: share.note } : {}) });
    deps.log.info('share opening told', { shareId, ...outcome });
    return outcome;
  };

/**
 * A mail's files that wait: told once, with how many still wait and the first one's name
 * from its own record; nothing once every one was filed or discarded.
 */
const tellWaiting = async (deps: NotifierDeps, { owner, statementIds }: ArrivalWaitingEvent): Promise<PushOutcome | 'ignored'> => {
  const still: { statementId: string; fileName: string }[] = [];
  for (const statementId of new Set(statementIds)) {
    const waiting = await deps.arrivals.waiting(owner, statementId);
    if (waiting) still.push({ statementId, fileName: waiting.fileName });
  }
  if (still.length === 0) return 'ignored';
  const [first] = still;
  const outcome = await deps.sender.notify(owner, { kind: 'arrivalWaiting', ...first, count: still.length });
  deps.log.info('waiting files told', { statementId: first.statementId, count: still.length, ...outcome });
  return outcome;
};
