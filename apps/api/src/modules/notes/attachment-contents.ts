import { ATTACHMENT_MESSAGES, ATTACHMENT_SNIFF_BYTES, detectAttachmentKind, type AttachmentKind } from '@lawn/shared';
import { badRequest } from '../../http/errors';

export type CheckedFile = {
  /** The contents as they stream into the store; fails with a 400 when the file is not allowed. */
  contents: AsyncGenerator<Buffer>;
  /** The kind found in the first bytes, once the store has started reading. */
  kind: () => AttachmentKind | null;
};

/**
 * Passes a file's bytes on to the store while checking them: the first bytes must be those of a JPEG, a PNG or an
 * audio file, and the whole must stay within `maxBytes`. Either failure throws a 400 that names the file,
 * from inside the store's read, so the store keeps nothing of it. Nothing is held in memory beyond the first bytes.
 */
export function checkAttachmentContents(
  source: AsyncIterable<Buffer>,
  { name, maxBytes }: { name: string; maxBytes: number },
): CheckedFile {
  let kind: AttachmentKind | null = null;
  async function* contents(): AsyncGenerator<Buffer> {
    let head = Buffer.alloc(0);
    let size = 0;
    const checkHead = () => {
      kind = detectAttachmentKind(head);
      if (!kind)
        throw badRequest(ATTACHMENT_MESSAGES.wrongType(name), { files: [ATTACHMENT_MESSAGES.wrongType(name)] });
    };
    for await (const piece of source) {
      size += piece.length;
      if (size > maxBytes) {
        const message = ATTACHMENT_MESSAGES.tooLarge(name, maxBytes);
        throw badRequest(message, { files: [message] });
      }
      if (kind) {
        yield piece;
        continue;
      }
      head = Buffer.concat([head, piece]);
      if (head.length >= ATTACHMENT_SNIFF_BYTES) {
        checkHead();
        yield head;
      }
    }
    if (!kind) {
      // A file shorter than the sniffed length: judged by what there is.
      checkHead();
      yield head;
    }
  }
  return { contents: contents(), kind: () => kind };
}
