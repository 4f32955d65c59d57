import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  ATTACHMENT_MESSAGES,
  attachmentName,
  formatFileSize,
  NOTE_MESSAGES,
  type Actor,
  type Attachment,
  type AttachmentsUploaded,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import type { NewNoteAttachmentRecord, NoteAttachmentRecord, NoteRecord } from '../../db/schema';
import { badRequest, notFound, serviceUnavailable } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import type { Logger } from '../../logger';
import { FILE_STORE_UNAVAILABLE_MESSAGE, isStorageUnavailable, type FileStorage } from '../../storage/file-storage';
import { recordPropertyChange, requireLiveRecord } from '../customers/customers.service';
import { checkAttachmentContents } from './attachment-contents';
import * as repo from './attachments.repo';
import { noteName } from './notes.history';
import * as notesRepo from './notes.repo';

/** One file of an upload as it arrives: the name the client gave it and its bytes, read once. */
export type UploadedFile = { filename: string; stream: Readable };

/** A stored file opened for download. */
export type AttachmentDownload = { filename: string; contentType: string; size: number; stream: Readable };

/** A store that cannot be reached is a 503 (try again later); anything else is what it is. */
export async function fromStore<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isStorageUnavailable(error)) throw serviceUnavailable(FILE_STORE_UNAVAILABLE_MESSAGE);
    throw error;
  }
}

function toAttachment(attachment: NoteAttachmentRecord, authorName: string | null): Attachment {
  return {
    id: attachment.id,
    noteId: attachment.noteId,
    filename: attachment.filename,
    contentType: attachment.contentType,
    size: attachment.size,
    createdAt: attachment.createdAt.toISOString(),
    user: attachment.userId === null ? null : { id: attachment.userId, fullName: authorName ?? '' },
  };
}

/** Where a file is kept: under its note, by a random name the server makes (never the client's name). */
const storageKeyFor = (noteId: number) => `notes/${noteId}/${randomUUID()}`;

/** Reads a file nobody wants to the end, so the next file of the upload can arrive. */
async function discard(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream);
}

export type AttachmentsServiceDeps = {
  db: Database;
  files: FileStorage;
  /** The largest file a note accepts, in bytes (ATTACHMENT_MAX_BYTES). */
  maxBytes: number;
  logger: Logger;
};

/**
 * The files attached to notes: JPEG and PNG images and audio, recognised by content, each at
 * most `maxBytes`, streamed into the file store; a name the note already has is ignored.
 */
export function createAttachmentsService({ db, files, maxBytes, logger }: AttachmentsServiceDeps) {
  async function requireNote(executor: Executor, propertyId: number, noteId: number): Promise<NoteRecord> {
    await requireLiveRecord(executor, propertyId);
    const row = await notesRepo.findNote(executor, propertyId, noteId);
    if (!row) throw notFound(NOTE_MESSAGES.notFound);
    return row.note;
  }

  async function requireAttachment(propertyId: number, noteId: number, attachmentId: number) {
    await requireLiveRecord(db, propertyId);
    const attachment = await repo.findAttachment(db, propertyId, noteId, attachmentId);
    if (!attachment) throw notFound(ATTACHMENT_MESSAGES.notFound);
    return attachment;
  }

  /** Removes files no row points at (an upload that failed, or lost a name to a concurrent one); logged, not thrown. */
  async function removeStored(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      await files
        .delete(key)
        .catch((error: unknown) => logger.warn({ err: error, key }, 'attachment file not removed'));
    }
  }

  /**
   * Streams each file into the store, checking it on the way (400 for a file not allowed or too large), then
   * records the stored ones in one transaction with one history entry. Any failure removes every file this upload
   * stored, so a refused upload keeps nothing.
   */
  async function storeFiles(
    note: NoteRecord,
    uploads: AsyncIterable<UploadedFile>,
    actor: Actor,
  ): Promise<{ rows: NoteAttachmentRecord[]; stored: NewNoteAttachmentRecord[]; ignored: string[] }> {
    const names = await repo.attachmentNames(db, note.id);
    const stored: NewNoteAttachmentRecord[] = [];
    const ignored: string[] = [];
    try {
      for await (const upload of uploads) {
        const name = attachmentName(upload.filename);
        // Attachments: duplicates by file name are ignored.
        if (names.has(name)) {
          ignored.push(name);
          await discard(upload.stream);
          continue;
        }
        const checked = checkAttachmentContents(upload.stream, { name, maxBytes });
        const storageKey = storageKeyFor(note.id);
        const { size } = await fromStore(() => files.put(storageKey, checked.contents));
        const kind = checked.kind();
        if (!kind) throw new Error('a stored attachment has no kind');
        names.add(name);
        stored.push({
          noteId: note.id,
          filename: name,
          contentType: kind.contentType,
          size,
          storageKey,
          userId: actor.id,
        });
      }
      if (stored.length === 0 && ignored.length === 0) {
        throw badRequest(ATTACHMENT_MESSAGES.noFiles, { files: [ATTACHMENT_MESSAGES.noFiles] });
      }
      const rows = await db.transaction(async (tx) => {
        await requireLiveRecord(tx, note.propertyId);
        // Locked so the note cannot be deleted between the check and the insert.
        if (!(await notesRepo.lockNote(tx, note.propertyId, note.id))) throw notFound(NOTE_MESSAGES.notFound);
        const inserted = await repo.insertAttachments(tx, stored);
        if (inserted.length > 0) {
          await recordPropertyChange(tx, {
            propertyId: note.propertyId,
            actor,
            action: 'note',
            description: `Attached to ${noteName(note)}: ${inserted
              .map((row) => `${row.filename} (${formatFileSize(row.size)})`)
              .join(', ')}`,
            changes: Object.fromEntries(
              inserted.map((row) => [`attachment.${row.id}`, { from: null, to: { filename: row.filename } }]),
            ),
            isEdit: false,
          });
        }
        return inserted;
      });
      return { rows, stored, ignored };
    } catch (error) {
      await removeStored(stored.map((file) => file.storageKey));
      throw error;
    }
  }

  return {
    async list(propertyId: number, noteId: number, query: ListQuery): Promise<ListResult<Attachment>> {
      await requireNote(db, propertyId, noteId);
      const result = await repo.listAttachments(db, noteId, query);
      if (result.render === 'count') return result;
      return {
        render: 'paginate',
        total: result.total,
        rows: result.rows.map((row) => toAttachment(row.attachment, row.authorName)),
      };
    },

    async upload(
      propertyId: number,
      noteId: number,
      uploads: AsyncIterable<UploadedFile>,
      actor: Actor,
    ): Promise<AttachmentsUploaded> {
      const note = await requireNote(db, propertyId, noteId);
      const { rows, stored, ignored } = await storeFiles(note, uploads, actor);
      // A name a concurrent upload stored first is ignored like any other duplicate; its file here goes.
      const kept = new Set(rows.map((row) => row.storageKey));
      const lost = stored.filter((file) => !kept.has(file.storageKey));
      await removeStored(lost.map((file) => file.storageKey));
      const shown = await repo.findAttachmentRows(
        db,
        rows.map((row) => row.id),
      );
      return {
        message: ATTACHMENT_MESSAGES.uploaded,
        data: shown.map((row) => toAttachment(row.attachment, row.authorName)),
        ignored: [...ignored, ...lost.map((file) => file.filename)],
      };
    },

    async download(propertyId: number, noteId: number, attachmentId: number): Promise<AttachmentDownload> {
      const attachment = await requireAttachment(propertyId, noteId, attachmentId);
      const file = await fromStore(() => files.read(attachment.storageKey));
      if (!file) {
        logger.error({ attachmentId, key: attachment.storageKey }, 'attachment file missing from the store');
        throw notFound(ATTACHMENT_MESSAGES.fileMissing);
      }
      return {
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: file.size,
        stream: file.stream,
      };
    },

    /** Deletes the attachment and its file together: a store that cannot delete the file keeps the row (503). */
    async remove(propertyId: number, noteId: number, attachmentId: number, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const note = await requireNote(tx, propertyId, noteId);
        const attachment = await repo.findAttachment(tx, propertyId, noteId, attachmentId);
        if (!attachment) throw notFound(ATTACHMENT_MESSAGES.notFound);
        await repo.deleteAttachment(tx, attachment.id);
        await recordPropertyChange(tx, {
          propertyId,
          actor,
          action: 'note',
          description: `Removed from ${noteName(note)}: ${attachment.filename}`,
          changes: { [`attachment.${attachment.id}`]: { from: { filename: attachment.filename }, to: null } },
          isEdit: false,
        });
        await fromStore(() => files.delete(attachment.storageKey));
      });
    },
  };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
