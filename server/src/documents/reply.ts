import type { FastifyReply } from 'fastify';

/** Sends a rendered PDF as a download; browsers save it under `filename` (e.g. Statement.pdf). */
export function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string): FastifyReply {
  const safe = filename.replace(/[^\w.-]+/g, '_');
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${safe}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
