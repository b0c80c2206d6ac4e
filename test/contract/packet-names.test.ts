import { packetEntryNames, safeEntryName } from '../../contract/packets';
import type { PacketAccount } from '../../contract/packets';
import { statementRecord } from '../support/statement-records';

describe("a packet's entry names", () => {
  it.each([
    ['Harbor Bank ••3000', 'Harbor Bank xx3000'],
    ['Visa ****0909', 'Visa xxxx0909'],
    ['relevé “janvier” – Straße.pdf', "releve 'janvier' - Strasse.pdf"],
    ['Ｆｕｌｌｗｉｄｔｈ①.pdf', 'Fullwidth1.pdf'],
    ['invoice\u202egpj.pdf', 'invoicegpj.pdf'],
    ['a\u200bb:c?.pdf', 'ab_c_.pdf'],
    ['日本の銀行.pdf', 'statement.pdf'],
    ['', 'statement'],
    ['  ..hidden. ', 'hidden'],
  ])('writes %j as the ASCII %j', (name, ascii) => {
    expect(safeEntryName(name)).toBe(ascii);
    expect(safeEntryName(name)).toMatch(/^[\x20-\x7e]+$/);
  });

  it('gives a name with nothing ASCII in it a word of its own, and two such accounts two folders', () => {
    expect(safeEntryName('Сбербанк', 60, 'account')).toBe('account');
    const account = (label: string): PacketAccount =>
      ({ label, chain: { links: [{ statement: statementRecord('owner', { accountLabel: label, fileName: 'Выписка.pdf' }) }] } }) as never;
    const names = [...packetEntryNames([account('Сбербанк'), account('Тинькофф')]).values()];
    expect(names).toEqual(['account/2024-01-01 to 2024-01-31 statement.pdf', 'account (2)/2024-01-01 to 2024-01-31 statement.pdf']);
  });
});
