import { UPLOAD_MESSAGES } from '@lawn/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/** An uploaded file as a route received it: its name and its bytes (at most one byte over the limit). */
export type UploadedFile = { fileName: string; bytes: Buffer };

/** Errors of the multipart parser that mean the client sent something wrong, not that the server failed. */
const MALFORMED = /unexpected end of form|malformed|terminated early|premature close|multipart/i;

/**
 * The title field and the one file of a multipart upload (the upload dialog's), the file read whole: it is at most a
 * few megabytes. What the client got wrong (no multipart body, a file over the limit, a broken body) answers 400.
 */
export async function readTitledUpload(request: FastifyRequest): Promise<{ title?: unknown; file?: UploadedFile }> {
  if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.fileRequired, { file: [UPLOAD_MESSAGES.fileRequired] });
  const upload: { title?: unknown; file?: UploadedFile } = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') upload.file = { fileName: part.filename, bytes: await part.toBuffer() };
      else if (part.fieldname === 'title') upload.title = part.value;
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(UPLOAD_MESSAGES.fileTooLarge, { file: [UPLOAD_MESSAGES.fileTooLarge] });
    if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest(UPLOAD_MESSAGES.unreadable);
    if (error instanceof Error && MALFORMED.test(error.message)) throw badRequest(UPLOAD_MESSAGES.unreadable);
    throw error;
  }
  return upload;
}

/** The multipart limits of an upload dialog's request: one file of at most `fileSize` bytes and a title. */
export const uploadLimits = (fileSize: number) => ({ fileSize, files: 1, fields: 5, fieldSize: 1024, parts: 6 });
