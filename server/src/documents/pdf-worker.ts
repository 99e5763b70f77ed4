/**
 * The PDF worker (a piscina thread, pdf-pool.ts): draws a summary document from plain data. It does
 * no database access; the main thread reads every figure and passes the display-ready document.
 * The production build emits it beside main.js as pdf-worker.js (scripts/build-server.mjs).
 */
import { renderSummaryPdf, type SummaryDocument } from './summary-pdf.js';

export default async function renderInWorker(doc: SummaryDocument): Promise<Uint8Array> {
  const pdf = await renderSummaryPdf(doc);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
