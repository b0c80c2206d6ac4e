/**
 * A month of one account as a bank's OFX 1 (SGML) export writes it, in the shape of
 * ofxparse's bank_medium.ofx: the bank's BANKID, one ACCTID (000012345678, ending 5678), a
 * coffee and a salary, and the closing balance as of the list's last day, so the opening
 * one is read too. Two banks' files with one ACCTID are what "an account is its number at
 * its bank" is tested on.
 */
export const ofxMonth = (bank: { id: string; currency: string }, from: string, to: string, closing: number) =>
  Buffer.from(
    [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'VERSION:102',
      'SECURITY:NONE',
      'ENCODING:USASCII',
      'CHARSET:1252',
      'COMPRESSION:NONE',
      'OLDFILEUID:NONE',
      'NEWFILEUID:NONE',
      '',
      `<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO<MESSAGE>OK</STATUS><DTSERVER>${to}120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>`,
      '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO<MESSAGE>OK</STATUS>',
      `<STMTRS><CURDEF>${bank.currency}<BANKACCTFROM><BANKID>${bank.id}<BRANCHID>00<ACCTID>000012345678<ACCTTYPE>CHECKING</BANKACCTFROM>`,
      `<BANKTRANLIST><DTSTART>${from}<DTEND>${to}`,
      `<STMTTRN><TRNTYPE>POS<DTPOSTED>${from.slice(0, 6)}10<TRNAMT>-6.60<FITID>${bank.id}${from}1<NAME>COFFEE</STMTTRN>`,
      `<STMTTRN><TRNTYPE>DEP<DTPOSTED>${from.slice(0, 6)}15<TRNAMT>120.00<FITID>${bank.id}${from}2<NAME>SALARY</STMTTRN>`,
      `</BANKTRANLIST><LEDGERBAL><BALAMT>${closing.toFixed(2)}<DTASOF>${to}</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`,
      '',
    ].join('\r\n'),
  );
