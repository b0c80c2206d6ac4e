import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { STATEMENT_ROUTES } from '../../../contract';
import type { MailArrival } from '../../../contract/mail';
import { HOST } from '../../../local/settings';
import { callApi } from './rest';
import { waitFor, type StackProcess } from './stack-process';
import type { TestUser } from './users';

const SEND = path.join(__dirname, '..', '..', 'support', 'send-mail.py');

/** Sends a message with Python's smtplib to the stack's SMTP server; its answer, or the refusal. */
export const sendMail = (stack: StackProcess, to: string, subject: string, files: string[]) =>
  spawnSync('python3', [SEND, HOST, String(stack.ports.mail), to, subject, ...files], { encoding: 'utf8' });

/** A new private address for a person, from the statements API. */
export const newMailAddress = async (stack: StackProcess, user: TestUser): Promise<string> => {
  const answer = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.newMailAddress, { token: user.idToken });
  if (answer.status !== 201) throw new Error(`a mail address: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.address;
};

/** A person's files waiting in Arrived, once there are at least `count`. */
export const waitingFiles = (stack: StackProcess, user: TestUser, count: number): Promise<MailArrival[]> =>
  waitFor(async () => {
    const answer = await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.mailArrivals, { token: user.idToken });
    const arrived = (answer.body?.arrived ?? []) as MailArrival[];
    return arrived.length >= count ? arrived : undefined;
  }, `${count} files waiting in Arrived`);
