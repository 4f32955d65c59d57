import { ATTACHMENT_MESSAGES, ATTACHMENT_SNIFF_BYTES, detectAttachmentKind } from '@lawn/shared';
import { checkUploadContents, type CheckedFile } from '../../storage/checked-upload';

/**
 * Passes a file's bytes on to the store while checking them: the first bytes must be those of a JPEG, a PNG or an
 * audio file, and the whole must stay within `maxBytes`. Either failure throws a 400 that names the file.
 */
export function checkAttachmentContents(
  source: AsyncIterable<Buffer>,
  { name, maxBytes }: { name: string; maxBytes: number },
): CheckedFile {
  return checkUploadContents(source, {
    maxBytes,
    sniffBytes: ATTACHMENT_SNIFF_BYTES,
    detect: detectAttachmentKind,
    field: 'files',
    messages: {
      wrongType: ATTACHMENT_MESSAGES.wrongType(name),
      tooLarge: ATTACHMENT_MESSAGES.tooLarge(name, maxBytes),
    },
  });
}
