import * as z from 'zod';
import { SHARE_ID_PATTERN } from '../../contract/shares';
import { SUB_PATTERN } from '../../contract/keys';
import type { Log } from '../shared/log';
import type { PushOutcome, PushSender } from '../shared/push/sender';
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

export interface NotifierDeps {
  shares: Pick<ShareStore, 'ownerShare'>;
  sender: Pick<PushSender, 'notify'>;
  log: Log;
}

/** The notifier: tells the owner's devices, when the share is still theirs. */
export const createNotifier =
  (deps: NotifierDeps) =>
  async (input: unknown): Promise<PushOutcome | 'ignored'> => {
    const parsed = shareOpenedEventSchema.safeParse(input);
    if (!parsed.success) {
      deps.log.warn('notice refused', { problem: parsed.error.issues.map((issue) => issue.message).join('; ') });
      return 'ignored';
    }
    const { owner, shareId } = parsed.data;
    const share = await deps.shares.ownerShare(owner, shareId);
    if (!share) return 'ignored';
    const outcome = await deps.sender.notify(owner, { kind: 'shareOpened', shareId, ...(share.note ? { note: share.note } : {}) });
    deps.log.info('share opening told', { shareId, ...outcome });
    return outcome;
  };
