/** The summary and lines shared by Open Order Enquiry and View Transaction. */
export { OrderSummaryBlock, type OrderSummaryBlockProps } from './order-summary-block';
export {
  DocumentLinesTable,
  type DocumentLine,
  type DocumentLinesTableProps,
  type DocumentTotals,
} from './document-lines-table';
