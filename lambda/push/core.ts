import * as z from 'zod';
import { SHARE_ID_PATTERN } from '../../contract/shares';
import { STATEMENT_ID_PATTERN, SUB_PATTERN } from '../../contract/keys';
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
 * What the notifier is asked: a file mailed to `owner` waits in Arrived for them. It names
 * the file only; its name comes from the owner's own record of it.
 */
export const arrivalWaitingEventSchema = z.strictObject({
  kind: z.literal('arrivalWaiting'),
  owner: z.string().regex(SUB_PATTERN),
  statementId: z.string().regex(STATEMENT_ID_PATTERN),
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

/** A mailed file that waits: told once it is recorded, by its own record's name; nothing once it was filed or discarded. */
const tellWaiting = async (deps: NotifierDeps, { owner, statementId }: ArrivalWaitingEvent): Promise<PushOutcome | 'ignored'> => {
  const waiting = await deps.arrivals.waiting(owner, statementId);
  if (!waiting) return 'ignored';
  const outcome = await deps.sender.notify(owner, { kind: 'arrivalWaiting', statementId, fileName: waiting.fileName });
  deps.log.info('waiting file told', { statementId, ...outcome });
  return outcome;
};
