/** How a statement is shown: drawn (PDF), as an image, or as a table of its transactions (the contract's kinds). */
export { contentKindOf as previewKindOf, type ContentKind as PreviewKind } from '@contract';
