import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A stored file opened to be sent: the name it is known by, its type and size, and its bytes. */
export type OpenedFile = { filename: string; contentType: string; size: number; stream: Readable };

/**
 * Sends a stored file as it is, `inline` (a photo the page shows) with its name, an ASCII fallback and the exact name
 * in `filename*` (RFC 6266); `nosniff` so a browser never reads it as anything but its type.
 */
export function sendInlineFile(reply: FastifyReply, file: OpenedFile): FastifyReply {
  const fallback = file.filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header(
      'content-disposition',
      `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}

/** The content type of an .xlsx workbook. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends an .xlsx workbook the server built (an upload's template) as an attachment saved under `filename`. */
export function sendXlsxAttachment(reply: FastifyReply, filename: string, workbook: Buffer): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(workbook);
}
