import type { FastifyReply } from 'fastify';

/** A rendered PDF and the name a browser saves it under (`SO-200072.pdf`, `A100-2026-02`). */
export interface PdfFile {
  pdf: Buffer;
  filename: string;
}

const LONGEST_NAME = 120;

/**
 * The name a PDF is saved under: only letters, digits, dot, dash and underscore reach the
 * Content-Disposition header (a statement's name comes from the database, an order's number from
 * the request), at most 120 of them, always ending in one `.pdf`.
 */
export function pdfFilename(name: string): string {
  const stem = name.replace(/\.pdf$/i, '');
  const safe = stem.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, LONGEST_NAME) || 'Statement';
  return `${safe}.pdf`;
}

/** Sends a rendered PDF as a download, never kept by a cache (the one way the server sends a PDF). */
export function sendPdf(reply: FastifyReply, { pdf, filename }: PdfFile): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdfFilename(filename)}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
