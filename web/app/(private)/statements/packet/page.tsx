import type { Metadata } from 'next';
import Link from 'next/link';
import { countOf, formatDay } from '@contract/format';
import {
  PACKET_LIMITS,
  packetAccount,
  packetAccountWords,
  packetSpanPresets,
  packetVerdictWords,
  meetsSpan,
  packetTooLarge,
  type PacketSpan,
} from '@contract/packets';
import { formatBytes } from '@contract/uploads';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui';
import { ChainLines } from '@/components/coverage/account-chain';
import { readChainStatements } from '@/lib/chain-read';
import { readCoverage } from '@/lib/coverage-read';
import { PAGES } from '@/lib/routes';
import { requireSession } from '@/lib/server-session';
import { makePacket } from './actions';
import styles from '@/components/packet/packet.module.css';

export const metadata: Metadata = { title: 'Packet' };

type Params = Record<string, string | string[] | undefined>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const all = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const one = (value: string | string[] | undefined) => all(value)[0];

/** The span the page was asked for: a preset by its id, else the days typed, where both are days in order. */
const spanOf = (params: Params, presets: ReturnType<typeof packetSpanPresets>): PacketSpan | undefined => {
  const preset = presets.find((candidate) => candidate.id === one(params.preset));
  if (preset) return preset.span;
  const [from, to] = [one(params.from), one(params.to)];
  return from && to && DAY.test(from) && DAY.test(to) && from <= to ? { from, to } : undefined;
};

/**
 * A packet for a lender or an accountant: the person picks accounts and days (or a preset),
 * sees what its cover will say (each account's statements of the span, how each follows
 * the one before, the days none covers), then downloads it. The choice is a GET form and
 * the download a form action, so the page works before its script runs.
 */
export default async function PacketPage({ searchParams }: { searchParams: Promise<Params> }) {
  const session = await requireSession(PAGES.packet);
  const params = await searchParams;
  const presets = packetSpanPresets(new Date().toISOString().slice(0, 10));
  const coverage = await readCoverage(session);
  const accounts = coverage?.accounts ?? [];
  const chosen = all(params.account).filter((key) => accounts.some((account) => account.accountKey === key));
  const span = spanOf(params, presets);
  const failed = one(params.failed);

  const preview =
    span && chosen.length > 0
      ? await Promise.all(
          chosen.map(async (accountKey) => {
            const label = accounts.find((account) => account.accountKey === accountKey)!.label;
            const statements = await readChainStatements(session, accountKey);
            if (!statements) return undefined;
            const inSpan = statements.filter((statement) => meetsSpan(statement, span));
            return {
              part: packetAccount(
                { accountKey, label },
                inSpan.filter((statement) => statement.status === 'AVAILABLE'),
                span,
              ),
              leftOut: inSpan.filter((statement) => statement.status !== 'AVAILABLE'),
            };
          }),
        )
      : undefined;
  const parts = preview?.every(Boolean) ? preview.map((entry) => entry!) : undefined;
  const included = parts?.flatMap(({ part }) => part.chain.links.map((link) => link.statement)) ?? [];
  const bytes = included.reduce((sum, statement) => sum + statement.size, 0);
  const tooLarge = packetTooLarge(included.length, bytes);

  return (
    <>
      <PageTitle lead="For a lender or an accountant: the statements of the accounts you choose over the days you choose, in one ZIP, with a cover that lists each statement's days, balances and SHA-256 and says plainly whether any statement is missing or any balance does not carry over.">
        Make a packet
      </PageTitle>
      {!coverage ? (
        <p role="alert">Your accounts could not be loaded. Try again in a moment.</p>
      ) : accounts.length === 0 ? (
        <p role="status">
          No statements yet. <Link href={PAGES.statements}>Upload your first one</Link> to make a packet of them.
        </p>
      ) : (
        <form method="get" action={PAGES.packet} aria-label="What goes in the packet" className={styles.choice}>
          <fieldset className={styles.accounts}>
            <legend>Accounts</legend>
            {accounts.map((account) => (
              <label key={account.accountKey}>
                <input type="checkbox" name="account" value={account.accountKey} defaultChecked={chosen.includes(account.accountKey)} />{' '}
                {account.label} <span className={styles.quiet}>{countOf(account.count, 'statement')}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className={styles.days}>
            <legend>Days</legend>
            <label>
              From <input type="date" name="from" defaultValue={span?.from ?? ''} />
            </label>
            <label>
              To <input type="date" name="to" defaultValue={span?.to ?? ''} />
            </label>
            <Button type="submit" variant="secondary">
              Preview
            </Button>
            <span className={styles.presets}>
              or{' '}
              {presets.map((preset) => (
                <button key={preset.id} type="submit" name="preset" value={preset.id} className={styles.preset}>
                  {preset.label}
                </button>
              ))}
            </span>
          </fieldset>
        </form>
      )}

      {failed && (
        <p role="alert" className={styles.failed}>
          The packet was not made: {failed}
        </p>
      )}

      {span && chosen.length > 0 && (
        <section aria-label="Preview" className={styles.preview}>
          <h2>
            What its cover will say, {formatDay(span.from)} to {formatDay(span.to)}
          </h2>
          {!parts ? (
            <p role="alert">The accounts&rsquo; statements could not be loaded. Try again in a moment.</p>
          ) : (
            <>
              <p data-testid="packet-verdict" data-complete={parts.every(({ part }) => part.complete)} className={styles.verdict}>
                {packetVerdictWords(parts.map(({ part }) => part))}
              </p>
              {parts.map(({ part, leftOut }) => (
                <section key={part.accountKey} aria-label={part.label} className={styles.account}>
                  <h3>{part.label}</h3>
                  <p data-testid="packet-account-words">{packetAccountWords(part)}</p>
                  <ChainLines links={part.chain.links} />
                  {leftOut.map((statement) => (
                    <p key={statement.id} className={styles.failed}>
                      {statement.fileName} is not in the packet:{' '}
                      {statement.status === 'SCANNING' ? 'it is still being scanned for malware' : 'it is quarantined'}.
                    </p>
                  ))}
                </section>
              ))}
              {included.length === 0 ? (
                <p role="status">No statement of {chosen.length === 1 ? 'this account' : 'these accounts'} covers a day of the span.</p>
              ) : tooLarge ? (
                <p role="alert">{tooLarge}</p>
              ) : (
                <form action={makePacket} aria-label="Download the packet" className={styles.download}>
                  {chosen.map((key) => (
                    <input key={key} type="hidden" name="account" value={key} />
                  ))}
                  <input type="hidden" name="from" value={span.from} />
                  <input type="hidden" name="to" value={span.to} />
                  <Button type="submit">Download the packet</Button>{' '}
                  <span className={styles.quiet}>
                    ZIP of {countOf(included.length, 'statement')} ({formatBytes(bytes)}), the cover and SHA256SUMS; its link works for{' '}
                    {PACKET_LIMITS.downloadUrlSeconds / 60} minutes.
                  </span>
                </form>
              )}
            </>
          )}
        </section>
      )}
    </>
  );
}
