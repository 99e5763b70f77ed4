import { PRODUCTS_CSV_FILENAME } from '@wholesale/contract';

/** The file Download All saves (kept apart from export-csv.ts, whose CSV writer loads on first use). */
export const EXPORT_FILENAME = PRODUCTS_CSV_FILENAME;
