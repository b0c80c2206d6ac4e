/**
 * `npm run bench`, a packet: 24 statements of about 2 MB each (50 MB, random bytes, which
 * no compression shrinks) made into one packet by the handler's own bundle (makePacket, as
 * the statements API deploys it), read from files and written to a file as the bucket
 * streams them. Measured in the same run: a plain stream copy of the same bytes.
 * The goals: memory at its peak above what it was before at most a tenth of the packet
 * (nothing held whole), and the packet at most 3x the time of the plain copy (hashing, the
 * ZIP and the cover are the difference).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { statementKey, type Statement } from '../contract';
import { bundleLambdas } from '../lib/lambda-bundle';
import type { makePacket as MakePacket, PacketDeps } from '../lambda/statements/packets/make';
import { statementRecord } from '../test/support/statement-records';

const STATEMENTS = 24;
const BYTES = Math.round((50 * 1024 * 1024) / STATEMENTS);
const MEMORY_GOAL = 0.1;
const TIME_GOAL = 3;
const OWNER = '11111111-2222-4333-8444-555555555555';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-packet-'));
const fileOf = (key: string) => path.join(folder, key.replace(/\//g, '_'));
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** Peak resident memory while `work` runs, sampled every 5 ms. */
const peakDuring = async <T>(work: () => Promise<T>): Promise<{ result: T; peak: number; ms: number }> => {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const from = process.hrtime.bigint();
  const result = await work();
  const ms = Number(process.hrtime.bigint() - from) / 1e6;
  clearInterval(timer);
  return { result, peak: Math.max(peak, process.memoryUsage().rss), ms };
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const main = async () => {
  const bundle = path.join(folder, 'bundle');
  bundleLambdas({ packet: 'statements/packets/make.ts' }, bundle);
  const { makePacket } = (await import(path.join(bundle, 'packet.mjs'))) as { makePacket: typeof MakePacket };

  const statements: Statement[] = Array.from({ length: STATEMENTS }, (_, n) => {
    const first = new Date(Date.UTC(2024, n, 1)).toISOString().slice(0, 10);
    const last = new Date(Date.UTC(2024, n + 1, 0)).toISOString().slice(0, 10);
    return statementRecord(OWNER, {
      accountLabel: 'Everyday',
      period: first.slice(0, 7),
      size: BYTES,
      balances: { from: first, to: last, opening: 1000 + n, closing: 1001 + n, currency: 'EUR', unread: [], entered: [] },
    });
  });
  for (const statement of statements) fs.writeFileSync(fileOf(statementKey(OWNER, statement.id)), randomBytes(BYTES));
  let written = 0;
  const deps: PacketDeps = {
    accounts: { accountStatements: async () => statements },
    objects: {
      readStream: async (key) => fs.createReadStream(fileOf(key), { highWaterMark: 64 * 1024 }),
      putStream: async ({ key, body }) => {
        await pipeline(body, fs.createWriteStream(fileOf(key)));
        written = fs.statSync(fileOf(key)).size;
      },
    },
    presigner: { get: async () => ({ url: 'file:', expiresAt: new Date().toISOString() }) },
    log: silent,
    now: () => new Date(),
    newId: () => `01BENCH${String(Math.random()).slice(2, 21).padEnd(19, '0')}`,
  };
  const request = { sub: OWNER, accountKeys: ['everyday'], span: { from: '2024-01-01', to: '2025-12-31' } };
  // Once to load what it loads (pdfkit, the fonts), so the peak below is the packet's alone.
  await makePacket(deps, request);
  global.gc?.();

  const before = process.memoryUsage().rss;
  const copy = await peakDuring(async () => {
    for (const statement of statements) {
      const key = statementKey(OWNER, statement.id);
      await pipeline(fs.createReadStream(fileOf(key), { highWaterMark: 64 * 1024 }), fs.createWriteStream(`${fileOf(key)}.copy`));
    }
  });
  global.gc?.();
  const base = process.memoryUsage().rss;
  const packet = await peakDuring(() => makePacket(deps, request));
  const growth = packet.peak - base;
  const memoryRatio = growth / written;
  const timeRatio = packet.ms / copy.ms;
  console.log(`Packet: ${STATEMENTS} statements of ${mb(BYTES)} made into one ZIP with its cover (Node ${process.version})`);
  console.log(`  packet ${mb(written)}, ${packet.result.statements} statements, complete: ${packet.result.complete}`);
  console.log(
    `  memory: ${mb(before)} before, peak ${mb(packet.peak)} while making it: ${mb(growth)} above, ${memoryRatio.toFixed(3)} of the packet (goal: at most ${MEMORY_GOAL}: ${memoryRatio <= MEMORY_GOAL ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  time: ${packet.ms.toFixed(0)} ms against ${copy.ms.toFixed(0)} ms for a plain copy of the same files: ${timeRatio.toFixed(2)}x (goal: at most ${TIME_GOAL}x: ${timeRatio <= TIME_GOAL ? 'met' : 'NOT met'})`,
  );
  fs.rmSync(folder, { recursive: true, force: true });
};

void main();
