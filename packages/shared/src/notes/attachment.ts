import { z } from 'zod';

/**
 * A note accepts JPEG and PNG images and audio files only, recognised by their first bytes, never by the
 * name or the type the browser claims: a text file named `photo.png` is refused. Each kind is a content type the file
 * is then served with.
 */
export type AttachmentKind = { contentType: string; extension: string };

/** How many leading bytes `detectAttachmentKind` needs at most. */
export const ATTACHMENT_SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, offset: number, text: string) =>
  [...text].every((char, index) => bytes[offset + index] === char.charCodeAt(0));

const KIND = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  mp3: { contentType: 'audio/mpeg', extension: 'mp3' },
  aac: { contentType: 'audio/aac', extension: 'aac' },
  wav: { contentType: 'audio/wav', extension: 'wav' },
  ogg: { contentType: 'audio/ogg', extension: 'ogg' },
  flac: { contentType: 'audio/flac', extension: 'flac' },
  m4a: { contentType: 'audio/mp4', extension: 'm4a' },
  aiff: { contentType: 'audio/aiff', extension: 'aiff' },
  amr: { contentType: 'audio/amr', extension: 'amr' },
} as const satisfies Record<string, AttachmentKind>;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The brands of an MP4 container that hold audio only (iTunes and phone voice memos). */
const M4A_BRANDS = ['M4A ', 'M4B ', 'M4P '];

/** The kind of a file from its first bytes (at least ATTACHMENT_SNIFF_BYTES when the file has them), or null. */
export function detectAttachmentKind(head: Uint8Array): AttachmentKind | null {
  const [first, second] = head;
  if (first === 0xff && second === 0xd8 && head[2] === 0xff) return KIND.jpeg;
  if (PNG_SIGNATURE.every((byte, index) => head[index] === byte)) return KIND.png;
  if (ascii(head, 0, 'ID3')) return KIND.mp3;
  // An MPEG audio frame starts with 11 set bits; layer bits 00 there mark AAC in an ADTS stream.
  if (first === 0xff && second !== undefined && (second & 0xe0) === 0xe0) {
    return (second & 0x06) === 0 ? KIND.aac : KIND.mp3;
  }
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return KIND.wav;
  if (ascii(head, 0, 'OggS')) return KIND.ogg;
  if (ascii(head, 0, 'fLaC')) return KIND.flac;
  if (ascii(head, 4, 'ftyp') && M4A_BRANDS.some((brand) => ascii(head, 8, brand))) return KIND.m4a;
  if (ascii(head, 0, 'FORM') && (ascii(head, 8, 'AIFF') || ascii(head, 8, 'AIFC'))) return KIND.aiff;
  if (ascii(head, 0, '#!AMR')) return KIND.amr;
  return null;
}

/** What the file input offers; the server decides by content all the same. */
export const ATTACHMENT_ACCEPT = 'image/jpeg,image/png,audio/*';
/** A note's attachments list pages 5 at a time. */
export const ATTACHMENTS_PAGE_SIZE = 5;
/** Files in one upload: a handful of photos or recordings of a call, and a bounded request. */
export const ATTACHMENTS_PER_UPLOAD_MAX = 10;
/** A file's name as shown and downloaded (the store's key is made by the server). */
export const ATTACHMENT_NAME_MAX = 255;

/** '1.5 MB': a size as the dialog and the messages show it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/**
 * The name a file is listed and downloaded under: the last part of what the browser sent (some send a whole path),
 * without control characters, at most 255 characters; 'file' when nothing is left.
 */
export function attachmentName(clientName: string): string {
  const base = clientName.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, ATTACHMENT_NAME_MAX) || 'file';
}

export const ATTACHMENT_MESSAGES = {
  wrongType: (name: string) => `${name}: only JPEG or PNG images and audio files can be attached.`,
  tooLarge: (name: string, maxBytes: number) => `${name} is larger than ${formatFileSize(maxBytes)}.`,
  noFiles: 'Choose at least one file to attach.',
  tooMany: `Attach at most ${ATTACHMENTS_PER_UPLOAD_MAX} files at a time.`,
  notMultipart: 'Send the files as multipart/form-data.',
  unreadable: 'The upload arrived incomplete or malformed. Please send it again.',
  uploaded: 'Your attachments have been saved.',
  deleted: 'The attachment has been deleted.',
  /** Asked before an attachment is deleted: it cannot be undone. */
  deleteConfirm: 'Are you sure to delete this file?',
  notFound: 'Attachment not found',
  fileMissing: 'The attached file is no longer available.',
} as const;

export const attachmentSchema = z.object({
  id: z.number().int(),
  noteId: z.number().int(),
  /** The name the file was attached with. */
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /** Who attached it. */
  user: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** The answer of an upload: the files stored, and the names ignored because the note already had a file by that name. */
export const attachmentsUploadedSchema = z.object({
  message: z.string(),
  data: z.array(attachmentSchema),
  ignored: z.array(z.string()),
});
export type AttachmentsUploaded = z.infer<typeof attachmentsUploadedSchema>;
