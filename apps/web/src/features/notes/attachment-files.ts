import {
  ATTACHMENT_MESSAGES,
  ATTACHMENT_SNIFF_BYTES,
  ATTACHMENTS_PER_UPLOAD_MAX,
  attachmentName,
  detectAttachmentKind,
} from '@lawn/shared';

/** The first bytes of a file, read in the browser (FileReader, which every browser and the test DOM have). */
function readHead(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('file not readable'));
    reader.readAsArrayBuffer(file.slice(0, ATTACHMENT_SNIFF_BYTES));
  });
}

/**
 * Adds chosen files to those waiting to be attached, with the rules the API applies: a name already in the list is
 * ignored (duplicates by file name are ignored; the API also ignores names the note already has), and a
 * file that is not a JPEG, a PNG or audio by its first bytes is refused with the API's message. The size limit is the
 * API's to say.
 */
export async function addChosenFiles(
  pending: readonly File[],
  chosen: readonly File[],
): Promise<{ files: File[]; refused: string[] }> {
  const names = new Set(pending.map((file) => attachmentName(file.name)));
  const files = [...pending];
  const refused: string[] = [];
  for (const file of chosen) {
    const name = attachmentName(file.name);
    if (names.has(name)) continue;
    if (!detectAttachmentKind(await readHead(file))) {
      refused.push(ATTACHMENT_MESSAGES.wrongType(name));
      continue;
    }
    if (files.length >= ATTACHMENTS_PER_UPLOAD_MAX) {
      refused.push(ATTACHMENT_MESSAGES.tooMany);
      break;
    }
    names.add(name);
    files.push(file);
  }
  return { files, refused };
}
