/**
 * The filing rules: what a statement file says of its period and account, read from its
 * first and last parts; and its transactions as a table, for the preview. Kept out of the
 * contract's main entry so the Lambdas, which need only the text decoding (content-check),
 * do not bundle the CSV parser.
 */
export {
  PROPOSAL_READ,
  accountLabelOf,
  proposeByName,
  proposeFiling,
  type DocumentText,
  type FilePieces,
  type FilingProposal,
  type ProposalSource,
  type SheetRows,
} from './propose';
export { textSaysEnough } from './statement-text';
export { csvTransactions, ofxTransactions, sheetTransactions, type Transaction, type TransactionTable } from './transactions';
export { decodeStatementText } from './text';
export { PDF_PAGES_READ, openRangedPdf, pageTextViews, pdfFirstPagesText, pdfPagesText, type PdfPages, type RangeSource } from './pdf';
export { compactColumns, layoutText, readingText, type PageViews, type TextItem } from './layout';
export { amountsIn, readAmount, type Amount, type FoundAmount } from './amounts';
export { cellText } from './sheet-cells';
