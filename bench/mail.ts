/**
 * `npm run bench`, statements by mail: a 5 MB statement mailed to a person's address with
 * Python's smtplib, from the moment the client sends it to the moment the statement is
 * listed (GraphQL), on the local stack (its SMTP server playing SES, the real mail function,
 * the catalogue, the malware scan); p50 and p95 over 20, and the part after the server's 250
 * (the message stored): what runs on AWS after SES has it. The baseline, measured in the
 * same run: the same file uploaded through the statements API (sign, PUT) until it is
 * listed. The goal: from the 250 to listed within 1.5x the upload's p50 (the message is
 * scanned, parsed and its base64 decoded before the same pipeline runs). The SMTP session
 * itself (Python's start, base64, the transfer) is the sender's and SES's, said beside.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { STATEMENT_ROUTES } from '../contract';
import { configureAmplify } from '../test/local/support/amplify';
import { STATEMENTS, apollo } from '../test/local/support/graphql';
import { callApi } from '../test/local/support/rest';
import { startStack, type StackProcess } from '../test/local/support/stack-process';
import { uploadStatement } from '../test/local/support/uploads';
import { newUser, type TestUser } from '../test/local/support/users';
import { ofx } from './statement-ofx';

const RUNS = 20;
const GOAL = 1.5;
const SIZE = 5 * 1024 * 1024;
const SEND = path.join(__dirname, '..', 'test', 'support', 'send-mail.py');

const listedNames = async (stack: StackProcess, user: TestUser): Promise<Set<string>> =>
  new Set(
    (
      (await apollo(stack.config, { token: user.idToken }).query({ query: STATEMENTS, variables: { limit: 100 }, fetchPolicy: 'no-cache' }))
        .data as { statements: { items: { fileName: string }[] } }
    ).statements.items.map((item) => item.fileName),
  );

/** Milliseconds until `fileName` is listed for the user, polled every 50 ms. */
const untilListed = async (stack: StackProcess, user: TestUser, fileName: string, started: number): Promise<number> => {
  for (;;) {
    if ((await listedNames(stack, user)).has(fileName)) return performance.now() - started;
    if (performance.now() - started > 120_000) throw new Error(`${fileName} was not listed within 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

const main = async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mail-'));
  const stack = await startStack({ env: { LOCAL_NO_WEB: '1' }, timeoutMs: 180_000 });
  try {
    configureAmplify(stack.config);
    const user = await newUser(stack, 'bench-mail');
    const address = (await callApi(stack.config, 'statementsApiUrl', STATEMENT_ROUTES.newMailAddress, { token: user.idToken })).body
      .address as string;
    const base = ofx(SIZE);
    // Each run its own file (a different checksum), as each month's statement is.
    const fileOf = (run: number) => Buffer.concat([base, Buffer.from('\n'.repeat(run + 1))]);
    const mailed: number[] = [];
    const smtp: number[] = [];
    const uploaded: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const mailName = `mailed-${run}.ofx`;
      fs.writeFileSync(path.join(scratch, mailName), fileOf(run));
      const sentAt = performance.now();
      const sent = spawnSync('python3', [
        SEND,
        '127.0.0.1',
        String(stack.ports.mail),
        address,
        `Statement ${run}`,
        path.join(scratch, mailName),
      ]);
      if (sent.status !== 0) throw new Error(`smtplib: ${sent.stderr}`);
      smtp.push(performance.now() - sentAt);
      mailed.push(await untilListed(stack, user, mailName, sentAt));

      const uploadName = `uploaded-${run}.ofx`;
      const startedAt = performance.now();
      await uploadStatement(stack.config, user.idToken, {
        fileName: uploadName,
        contentType: 'application/x-ofx',
        accountLabel: 'Bench Bank ••6789',
        period: '2024-03',
        bytes: fileOf(RUNS + run),
      });
      uploaded.push(await untilListed(stack, user, uploadName, startedAt));
    }
    const afterStored = mailed.map((total, run) => total - smtp[run]);
    const ratio = percentile(afterStored, 50) / percentile(uploaded, 50);
    console.log(`Statements by mail: a ${SIZE / 1024 / 1024} MB OFX, sent with smtplib until listed (${RUNS} runs, local stack)`);
    console.log(`  mailed    p50 ${percentile(mailed, 50).toFixed(0)} ms  p95 ${percentile(mailed, 95).toFixed(0)} ms`);
    console.log(`    of which smtplib's session (start, send, the server's 250 once stored): p50 ${percentile(smtp, 50).toFixed(0)} ms`);
    console.log(`  uploaded  p50 ${percentile(uploaded, 50).toFixed(0)} ms  p95 ${percentile(uploaded, 95).toFixed(0)} ms (the baseline)`);
    console.log(
      `    after the 250 (stored) until listed: p50 ${percentile(afterStored, 50).toFixed(0)} ms  p95 ${percentile(afterStored, 95).toFixed(0)} ms`,
    );
    console.log(`  after the 250, p50 is ${ratio.toFixed(2)}x the upload's: ${ratio <= GOAL ? 'within' : 'OVER'} ${GOAL}x`);
    if (ratio > GOAL) process.exitCode = 1;
  } finally {
    await stack.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
};

main().catch((error: Error) => {
  console.error(`bench/mail: ${error.message}`);
  process.exit(1);
});
