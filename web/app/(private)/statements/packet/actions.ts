'use server';

import { redirect } from 'next/navigation';
import { STATEMENT_ROUTES } from '@contract/routes';
import { PresignApiError } from '@/lib/presign-api';
import { PAGES, packetHref } from '@/lib/routes';
import { serverPresignApi } from '@/lib/server-presign-api';
import { requireSession } from '@/lib/server-session';

const texts = (form: FormData, name: string) => form.getAll(name).filter((value): value is string => typeof value === 'string');

/**
 * Makes the packet previewed and sends the browser to it: the answer redirects to its
 * short-lived URL, which the browser saves (the bucket names it as an attachment), so it
 * works before the page's script runs. A refusal comes back to the preview, in the API's words.
 */
export const makePacket = async (form: FormData): Promise<void> => {
  const session = await requireSession(PAGES.packet);
  const accountKeys = texts(form, 'account');
  const [from] = texts(form, 'from');
  const [to] = texts(form, 'to');
  let url: string;
  try {
    url = (
      await serverPresignApi(session, 'statementsApiUrl', STATEMENT_ROUTES.createPacket, {
        body: { accountKeys, from: from ?? '', to: to ?? '' },
      })
    ).url;
  } catch (error) {
    const failed = error instanceof PresignApiError ? error.message : 'The packet could not be made. Try again in a moment.';
    redirect(packetHref({ accountKeys, from, to, failed }));
  }
  redirect(url);
};
