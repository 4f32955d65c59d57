import { badRequest } from '../http/errors';

/** What a file's first bytes say it is: the content type it is stored and served with. */
export type DetectedKind = { contentType: string; extension: string };

export type UploadRules = {
  /** The upload's largest allowed size in bytes. */
  maxBytes: number;
  /** How many leading bytes `detect` needs at most. */
  sniffBytes: number;
  /** The kind of a file from its first bytes, or null when it is not allowed. */
  detect: (head: Uint8Array) => DetectedKind | null;
  /** The field the client's mistake is reported at. */
  field: string;
  /** What the client is told when the file is of a kind not allowed, or larger than `maxBytes`. */
  messages: { wrongType: string; tooLarge: string };
};

export type CheckedFile = {
  /** The contents as they stream into the store; fails with a 400 when the file is not allowed. */
  contents: AsyncGenerator<Buffer>;
  /** The kind found in the first bytes, once the store has started reading. */
  kind: () => DetectedKind | null;
};

/**
 * Passes an uploaded file's bytes on to the store while checking them: the first bytes must be of a kind `detect`
 * allows, and the whole must stay within `maxBytes`. Either failure throws a 400 at the rules' field, from inside the
 * store's read, so the store keeps nothing of it. Nothing is held in memory beyond the first bytes.
 */
export function checkUploadContents(source: AsyncIterable<Buffer>, rules: UploadRules): CheckedFile {
  const refuse = (message: string) => badRequest(message, { [rules.field]: [message] });
  let kind: DetectedKind | null = null;
  async function* contents(): AsyncGenerator<Buffer> {
    let head = Buffer.alloc(0);
    let size = 0;
    const checkHead = () => {
      kind = rules.detect(head);
      if (!kind) throw refuse(rules.messages.wrongType);
    };
    for await (const piece of source) {
      size += piece.length;
      if (size > rules.maxBytes) throw refuse(rules.messages.tooLarge);
      if (kind) {
        yield piece;
        continue;
      }
      head = Buffer.concat([head, piece]);
      if (head.length >= rules.sniffBytes) {
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
