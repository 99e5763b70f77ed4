/** The summary and lines shared by Open Order Enquiry and View Transaction. */
export { OrderSummaryBlock } from './order-summary-block';
export { DocumentLinesTable, type DocumentLine } from './document-lines-table';
