/**
 * A statement page as the parts banks set on it, independent of the program that writes
 * the PDF: PDFKit with hand-placed text, Chromium printing an HTML page, or a fillable
 * form. Each writer sets the same blocks its own way, so the text runs pdf.js gets differ.
 */
export type Block =
  /** The bank's name and address at the top; `beside` stands on the name's line at the right (pdf.js may join the two). */
  | { type: 'letterhead'; lines: string[]; align: 'left' | 'right'; beside?: string }
  /** The holder's name and address. */
  | { type: 'address'; lines: string[] }
  | { type: 'heading'; text: string }
  /** Label and value pairs, in one column or two side by side. */
  | { type: 'pairs'; pairs: [string, string][]; columns: 1 | 2 }
  /** A summary table: column headings (a "/" breaks one over two lines), their figures in the row below. */
  | {
      type: 'summary';
      headings: string[];
      values: string[];
      /** Each figure set as two runs, its decimals apart ("£82." and "40"), which pdf.js gives back as "£82. 40". */
      split?: boolean;
    }
  /** A transactions table (headings over rows), amounts right-aligned. */
  | {
      type: 'table';
      headings: string[];
      rows: string[][];
      numeric: number[];
      /** Where a page ends inside the table: the row that carries its balance on, and the one that brings it to the next page. */
      carry?: { forward: string; brought: string; balanceColumn: number };
    }
  | { type: 'lines'; lines: string[] }
  /** Small print at the bottom of the page: a legal line, a web address. */
  | { type: 'footer'; lines: string[] };

export interface CorpusDocument {
  title: string;
  blocks: Block[];
  /** Each page's number as "Page 1 of 3", in the words given ("Page {page} of {pages}"). */
  pageNumbers?: string;
}

/** The holder every statement is addressed to. */
export const HOLDER = ['Alex Example', '12 Sample Street', 'Springfield 12345'];
