import { buildSync } from 'esbuild';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import * as zlib from 'node:zlib';
import { PAGE_BROTLI } from '../../lib/web-artifact';

/**
 * The server function's response stream, through OpenNext's own Lambda streaming wrapper as
 * the deployed server bundles it (patched to read BROTLI_QUALITY): a page is compressed at
 * the quality the stack sets, and at zlib's default without the setting, as upstream does.
 */
const WRAPPER = path.join(
  __dirname,
  '..',
  '..',
  'node_modules',
  '@opennextjs',
  'aws',
  'dist',
  'overrides',
  'wrappers',
  'aws-lambda-streaming.js',
);

type StreamingHandler = (event: unknown, stream: PassThrough & { setContentType(type: string): void }, context: object) => Promise<void>;
interface StreamCreator {
  writeHeaders(prelude: { statusCode: number; headers: Record<string, string>; cookies: string[] }): NodeJS.WritableStream;
}
type WrapperModule = { default: { wrapper(handler: unknown, converter: unknown): Promise<StreamingHandler> } };

let wrapper: WrapperModule['default'];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-page-compression-'));

beforeAll(() => {
  // As OpenNext's build does: the wrapper bundled with what it imports.
  const bundle = path.join(scratch, 'wrapper.cjs');
  buildSync({ entryPoints: [WRAPPER], bundle: true, platform: 'node', format: 'cjs', outfile: bundle, logLevel: 'silent' });
  // What the Lambda runtime provides around a streaming handler.
  (globalThis as { awslambda?: unknown }).awslambda = { streamifyResponse: (handler: StreamingHandler) => handler };
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is made above, at run time
  wrapper = (require(bundle) as WrapperModule).default;
});

afterAll(() => {
  delete (globalThis as { awslambda?: unknown }).awslambda;
  delete process.env[PAGE_BROTLI.env];
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A statement list's worth of server-rendered HTML, written in one part. */
const PAGE = Buffer.from(
  `<!DOCTYPE html><html lang="en"><body><table>${Array.from(
    { length: 300 },
    (_, row) =>
      `<tr><td><a href="/statements/01J${String(row).padStart(23, '0')}">Statement ${row * 7919} March.pdf</a></td><td>Mar ${row % 28} 2024</td><td>Everyday ${row % 5}</td><td>${(row * 31.7).toFixed(2)} KB</td></tr>`,
  ).join('')}</table></body></html>`,
);

/** What the wrapper streams for one page asked for with Brotli: its headers and its body's bytes. */
const served = async (): Promise<{ headers: Record<string, string>; body: Buffer }> => {
  const handle = await wrapper.wrapper(
    async (_event: unknown, { streamCreator }: { streamCreator: StreamCreator }) => {
      const body = streamCreator.writeHeaders({ statusCode: 200, headers: { 'content-type': 'text/html' }, cookies: [] });
      await new Promise<void>((resolve) => body.end(PAGE, resolve));
      return {};
    },
    { convertFrom: async () => ({ headers: { 'accept-encoding': 'gzip, deflate, br' } }) },
  );
  const chunks: Buffer[] = [];
  const response = Object.assign(new PassThrough(), { setContentType: () => undefined });
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => response.on('end', resolve));
  await handle({ rawPath: '/statements' }, response, {});
  await ended;
  // The runtime's framing: the prelude's JSON, eight zero bytes, then the body.
  const all = Buffer.concat(chunks);
  const split = all.indexOf(Buffer.alloc(8));
  return { headers: JSON.parse(all.subarray(0, split).toString()).headers, body: all.subarray(split + 8) };
};

/** The same page through zlib at a quality, written and ended as the wrapper's stream is. */
const reference = (quality: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const stream = zlib.createBrotliCompress({
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      finishFlush: zlib.constants.BROTLI_OPERATION_FINISH,
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality },
    });
    stream
      .on('data', (chunk: Buffer) => chunks.push(chunk))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
    stream.end(PAGE);
  });

test("the deployed server compresses a page at the stack's Brotli quality, and the page arrives whole", async () => {
  process.env[PAGE_BROTLI.env] = String(PAGE_BROTLI.quality);
  const { headers, body } = await served();
  expect(headers['content-encoding']).toBe('br');
  expect(zlib.brotliDecompressSync(body).equals(PAGE)).toBe(true);
  expect(body.equals(await reference(PAGE_BROTLI.quality))).toBe(true);
  expect(body.equals(await reference(zlib.constants.BROTLI_DEFAULT_QUALITY))).toBe(false);
});

test.each(['', 'fast', '12', '-1', '4.5'])('a setting of %j is not a quality: zlib’s default, as upstream', async (setting) => {
  process.env[PAGE_BROTLI.env] = setting;
  const { body } = await served();
  expect(zlib.brotliDecompressSync(body).equals(PAGE)).toBe(true);
  expect(body.equals(await reference(zlib.constants.BROTLI_DEFAULT_QUALITY))).toBe(true);
});
