import { readSheet } from 'read-excel-file/universal';
import { proposeFiling } from '../../contract/reading';
import { firstSheetRows } from '../../web/lib/upload/sheet-rows';
import { STATEMENT_WORKBOOKS, statementWorkbook } from '../support/statement-workbooks';

/**
 * Workbook statements through the real reader: written by write-excel-file in their banks'
 * layouts, the first sheet read by read-excel-file (its universal build, as the web app's
 * worker runs its web-worker build), and the filing rules applied to the rows.
 */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test.each(STATEMENT_WORKBOOKS.map((spec) => [spec.name, spec] as const))('%s', async (name, spec) => {
  const bytes = await statementWorkbook(spec);
  const sheet = await firstSheetRows(readSheet as never, new Blob([new Uint8Array(bytes)]));
  const proposal = proposeFiling({ fileName: name, mime: XLSX, size: bytes.length, head: new Uint8Array(), sheet });
  expect(proposal.period?.value).toBe(spec.period);
  expect(proposal.account?.value ?? null).toBe(spec.account);
});

test('a file that is not a workbook, or one larger than any statement, is asked about by its name, saying why', async () => {
  const broken = await firstSheetRows(readSheet as never, new Blob([Buffer.from('PK\u0003\u0004 not really a workbook')]));
  expect(proposeFiling({ fileName: 'Kontoauszug 2024-05.xlsx', mime: XLSX, size: 30, head: new Uint8Array(), sheet: broken })).toEqual({
    periodQuestion: expect.objectContaining({ reason: 'file name', choices: ['2024-05'] }),
    notes: ['This workbook could not be read here, so only its name was.'],
  });
  const huge = { size: 11 * 1024 * 1024 } as Blob;
  expect(await firstSheetRows(readSheet as never, huge)).toEqual({ problem: 'too large' });
});
