// Liberation Sans (SIL Open Font License, shipped with pdf.js): a cover names files in any
// script people use, which the PDF standard fonts (Latin-1 only) cannot print.
import regular from 'pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf';
import bold from 'pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf';

export const COVER_FONTS = { regular, bold };
