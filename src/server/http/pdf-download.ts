import type { FastifyReply } from 'fastify';

/**
 * Sends a generated PDF as a download that no shared cache keeps (an invoice, a credit note, a
 * statement: each private to its buyer).
 */
export function sendPdfDownload(reply: FastifyReply, { filename, pdf }: { filename: string; pdf: Buffer }): FastifyReply {
  // The route's 200 schema (a string) only documents the body; the bytes are sent as they are.
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
