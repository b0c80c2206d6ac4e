/** An OFX statement of about `size` bytes: one account, a month of transactions repeated. */
export const ofx = (size: number): Buffer => {
  const head =
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n' +
    '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240401<LANGUAGE>ENG<FI><ORG>Bench Bank<FID>1</FI></SONRS></SIGNONMSGSRSV1>\n' +
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>000123456789<ACCTTYPE>CHECKING</BANKACCTFROM>\n' +
    '<BANKTRANLIST><DTSTART>20240301<DTEND>20240331\n';
  const tail = '</BANKTRANLIST><LEDGERBAL><BALAMT>1.00<DTASOF>20240331</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n';
  const row = (n: number) =>
    `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>202403${String((n % 28) + 1).padStart(2, '0')}<TRNAMT>-1.23<FITID>${n}<NAME>Payee ${n}</STMTTRN>\n`;
  const rows: string[] = [];
  let length = head.length + tail.length;
  for (let n = 0; length < size; n++) {
    rows.push(row(n));
    length += rows[n].length;
  }
  return Buffer.from(head + rows.join('') + tail, 'latin1');
};
