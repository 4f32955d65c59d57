import { ATTACHMENT_MESSAGES, type Attachment, type AttachmentsUploaded, type Note, type Page } from '@lawn/shared';
import { eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { noteAttachments, storedFiles } from '../../db/schema';
import { multipartBody, type MultipartFile } from '../../test/multipart-body';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';

/** A small limit, so "too large" needs no big file. */
const MAX_BYTES = 4096;
const t = useTestContext({
  clock: () => new Date('2026-06-10T15:00:00Z'),
  config: { attachmentMaxBytes: MAX_BYTES },
});

let admin: TestUser;
let headers: { authorization: string };
let marketId: number;

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
/** Bytes that start like a PNG image, `size` long. */
const png = (size = 200) => Buffer.concat([Buffer.from(PNG_HEAD), Buffer.alloc(size - PNG_HEAD.length, 7)]);
const mp3 = () => Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(300, 1)]);
const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF'), Buffer.alloc(100, 3)]);

async function newNote(): Promise<{ propertyId: number; noteId: number }> {
  const propertyId = (await insertRecord(t.db, { marketId })).id;
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/customers/${propertyId}/notes`,
    headers,
    payload: { typeId: 1, serviceDate: '2026-06-12', serviceHour: '09:30', description: 'Gate photo' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { propertyId, noteId: response.json<{ data: Note }>().data.id };
}

const base = (propertyId: number, noteId: number) => `/api/customers/${propertyId}/notes/${noteId}/attachments`;

function upload(
  propertyId: number,
  noteId: number,
  files: readonly MultipartFile[],
  extraHeaders: Record<string, string> = headers,
) {
  const body = multipartBody(files);
  return t.app.inject({
    method: 'POST',
    url: base(propertyId, noteId),
    headers: { ...extraHeaders, ...body.headers },
    payload: body.payload,
  });
}

async function uploaded(propertyId: number, noteId: number, files: readonly MultipartFile[]) {
  const response = await upload(propertyId, noteId, files);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AttachmentsUploaded>();
}

async function list(propertyId: number, noteId: number): Promise<Page<Attachment>> {
  const response = await t.app.inject({ url: base(propertyId, noteId), headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<Attachment>>();
}

const download = (propertyId: number, noteId: number, id: number, as: Record<string, string> = headers) =>
  t.app.inject({ url: `${base(propertyId, noteId)}/${id}/download`, headers: as });

/** The files the store holds for a note: an upload that is refused must leave none behind. */
async function storedFileCount(noteId: number): Promise<number> {
  const rows = await t.db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(like(storedFiles.key, `notes/${noteId}/%`));
  return rows.length;
}

async function attachmentRows(noteId: number) {
  return t.db.select().from(noteAttachments).where(eq(noteAttachments.noteId, noteId));
}

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin', firstName: 'Alex', lastName: 'Morgan' });
  headers = await t.authHeaders(admin);
  marketId = await insertMarket(t.db, 'Dallas');
});

describe('POST /api/customers/{id}/notes/{noteId}/attachments', () => {
  it('stores images and audio under keys the server makes, lists them and serves them back byte for byte', async () => {
    const { propertyId, noteId } = await newNote();
    const image = png();
    const answer = await uploaded(propertyId, noteId, [
      { name: 'gate.png', content: image, contentType: 'image/png' },
      { name: 'call.mp3', content: mp3() },
      { name: 'yard.jpg', content: jpeg() },
    ]);
    expect(answer.message).toBe(ATTACHMENT_MESSAGES.uploaded);
    expect(answer.ignored).toEqual([]);
    expect(answer.data.map((file) => [file.filename, file.contentType])).toEqual([
      ['gate.png', 'image/png'],
      ['call.mp3', 'audio/mpeg'],
      ['yard.jpg', 'image/jpeg'],
    ]);
    expect(answer.data[0]).toMatchObject({
      noteId,
      size: image.length,
      user: { id: admin.id, fullName: 'Alex Morgan' },
    });

    for (const row of await attachmentRows(noteId)) {
      expect(row.storageKey).toMatch(new RegExp(`^notes/${noteId}/[0-9a-f-]{36}$`));
    }
    expect((await list(propertyId, noteId)).data.map((file) => file.filename)).toEqual([
      'yard.jpg',
      'call.mp3',
      'gate.png',
    ]);

    const gate = answer.data[0] as Attachment;
    const file = await download(propertyId, noteId, gate.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="gate.png"; filename*=UTF-8''gate.png`);
    expect(file.rawPayload.equals(image)).toBe(true);

    const [history] = (
      await t.db.execute<{ description: string }>(
        sql`select description from customer_history where property_id = ${propertyId} order by id desc limit 1`,
      )
    ).rows;
    expect(history?.description).toBe(
      `Attached to call note #${noteId}: gate.png (200 B), call.mp3 (310 B), yard.jpg (108 B)`,
    );
  });

  it('judges by content, not by name: text named .png is refused with 400 and nothing is stored', async () => {
    const { propertyId, noteId } = await newNote();
    const response = await upload(propertyId, noteId, [
      { name: 'fine.png', content: png() },
      { name: 'photo.png', content: Buffer.from('just some text, not an image'), contentType: 'image/png' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'photo.png: only JPEG or PNG images and audio files can be attached.',
      errors: { files: ['photo.png: only JPEG or PNG images and audio files can be attached.'] },
    });
    expect(await attachmentRows(noteId)).toEqual([]);
    expect(await storedFileCount(noteId)).toBe(0);
  });

  it('refuses a file over the size limit with 400 and keeps nothing; a file of exactly the limit is fine', async () => {
    const { propertyId, noteId } = await newNote();
    const tooLarge = await upload(propertyId, noteId, [
      { name: 'small.png', content: png() },
      { name: 'big.png', content: png(MAX_BYTES + 1) },
    ]);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toBe('big.png is larger than 4 KB.');
    expect(await attachmentRows(noteId)).toEqual([]);
    expect(await storedFileCount(noteId)).toBe(0);

    const atLimit = await uploaded(propertyId, noteId, [{ name: 'limit.png', content: png(MAX_BYTES) }]);
    expect(atLimit.data.map((file) => file.size)).toEqual([MAX_BYTES]);
  });

  it('ignores a file whose name the note already has, in a later upload or the same one', async () => {
    const { propertyId, noteId } = await newNote();
    await uploaded(propertyId, noteId, [{ name: 'gate.png', content: png(100) }]);
    const again = await uploaded(propertyId, noteId, [
      { name: 'gate.png', content: png(300) },
      { name: 'memo.mp3', content: mp3() },
      { name: 'memo.mp3', content: mp3() },
    ]);
    expect(again.data.map((file) => file.filename)).toEqual(['memo.mp3']);
    expect(again.ignored).toEqual(['gate.png', 'memo.mp3']);
    const rows = await attachmentRows(noteId);
    expect(rows.map((row) => [row.filename, row.size]).sort()).toEqual([
      ['gate.png', 100],
      ['memo.mp3', 310],
    ]);
    expect(await storedFileCount(noteId)).toBe(2);
  });

  it('answers 400 without files or without multipart, and 404 for a note of another record', async () => {
    const { propertyId, noteId } = await newNote();
    const other = await newNote();
    const empty = await upload(propertyId, noteId, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ATTACHMENT_MESSAGES.noFiles);
    const json = await t.app.inject({ method: 'POST', url: base(propertyId, noteId), headers, payload: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(ATTACHMENT_MESSAGES.notMultipart);
    const elsewhere = await upload(propertyId, other.noteId, [{ name: 'gate.png', content: png() }]);
    expect(elsewhere.statusCode).toBe(404);
    expect(await storedFileCount(other.noteId)).toBe(0);
  });

  it('stores once for a retried upload with the same Idempotency-Key', async () => {
    const { propertyId, noteId } = await newNote();
    const key = { ...headers, 'idempotency-key': `upload-${noteId}` };
    const first = await upload(propertyId, noteId, [{ name: 'gate.png', content: png() }], key);
    const retry = await upload(propertyId, noteId, [{ name: 'gate.png', content: png() }], key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await attachmentRows(noteId)).toHaveLength(1);
  });
});

describe('downloading and deleting', () => {
  it('serves files to signed-in office staff only', async () => {
    const { propertyId, noteId } = await newNote();
    const [file] = (await uploaded(propertyId, noteId, [{ name: 'gate.png', content: png() }])).data;
    const id = (file as Attachment).id;
    expect((await download(propertyId, noteId, id, {})).statusCode).toBe(401);
    const crew = await t.createUser({ role: 'crew', crewNumber: 7 });
    expect((await download(propertyId, noteId, id, await t.authHeaders(crew))).statusCode).toBe(403);
    const representative = await t.createUser({ role: 'Representative' });
    expect((await download(propertyId, noteId, id, await t.authHeaders(representative))).statusCode).toBe(200);
    const other = await newNote();
    expect((await download(other.propertyId, other.noteId, id)).statusCode).toBe(404);
  });

  it('deletes one attachment with its file', async () => {
    const { propertyId, noteId } = await newNote();
    const { data } = await uploaded(propertyId, noteId, [
      { name: 'a.png', content: png() },
      { name: 'b.png', content: png() },
    ]);
    const [first] = data as [Attachment];
    const response = await t.app.inject({ method: 'DELETE', url: `${base(propertyId, noteId)}/${first.id}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(ATTACHMENT_MESSAGES.deleted);
    expect((await attachmentRows(noteId)).map((row) => row.filename)).toEqual(['b.png']);
    expect(await storedFileCount(noteId)).toBe(1);
    expect((await download(propertyId, noteId, first.id)).statusCode).toBe(404);
  });

  it('deletes the attachments and their files with their note, alone or in a bulk delete', async () => {
    const one = await newNote();
    await uploaded(one.propertyId, one.noteId, [{ name: 'a.png', content: png() }]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${one.propertyId}/notes/${one.noteId}`,
      headers,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await attachmentRows(one.noteId)).toEqual([]);
    expect(await storedFileCount(one.noteId)).toBe(0);

    const two = await newNote();
    await uploaded(two.propertyId, two.noteId, [
      { name: 'a.png', content: png() },
      { name: 'b.mp3', content: mp3() },
    ]);
    const bulk = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${two.propertyId}/notes`,
      headers,
      payload: { ids: [two.noteId] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await attachmentRows(two.noteId)).toEqual([]);
    expect(await storedFileCount(two.noteId)).toBe(0);
  });
});
