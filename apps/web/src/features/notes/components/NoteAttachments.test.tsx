import { ATTACHMENT_MESSAGES, NOTE_MESSAGES, type Attachment, type Note } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { page } from '../../../test/fixtures';
import { callNote, renderCallNotesPanel, useSignedInAtNow } from '../call-notes-test-setup';

const note = callNote();

const gatePhoto: Attachment = {
  id: 9,
  noteId: 1,
  filename: 'gate.png',
  contentType: 'image/png',
  size: 2048,
  createdAt: '2026-06-10T14:00:00Z',
  user: { id: 7, fullName: 'Ana Flores' },
};

const PNG_HEAD = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const pngFile = (name: string, extra = 0) => new File([PNG_HEAD, new Uint8Array(extra)], name, { type: 'image/png' });
const mp3File = (name: string) => new File(['ID3', new Uint8Array(1021)], name, { type: 'audio/mpeg' });

type Answer = (request: FakeRequest) => Response | undefined;

function fakeServer(notes: Note[], attachments: Attachment[], answer?: Answer) {
  return installFakeFetch((request) => {
    const special = answer?.(request);
    if (special) return special;
    if (request.method === 'GET' && request.path === '/customers/101/notes') {
      return jsonResponse(200, page(notes, notes.length, 5));
    }
    if (request.method === 'GET' && request.path === '/customers/101/notes/1/attachments') {
      return jsonResponse(200, page(attachments, attachments.length, 5));
    }
    if (request.method === 'GET' && request.path === '/customers/101/notes/1/attachments/9/download') {
      return new Response(new Blob([PNG_HEAD], { type: 'image/png' }), {
        status: 200,
        headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="gate.png"' },
      });
    }
    if (request.method === 'DELETE' && request.path === '/customers/101/notes/1/attachments/9') {
      return jsonResponse(200, { message: ATTACHMENT_MESSAGES.deleted });
    }
    if (request.method === 'POST' && request.path === '/customers/101/notes') {
      return jsonResponse(201, { message: NOTE_MESSAGES.created, data: note });
    }
    if (request.method === 'POST' && request.path === '/customers/101/notes/1/attachments') {
      return jsonResponse(201, { message: ATTACHMENT_MESSAGES.uploaded, data: [gatePhoto], ignored: [] });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

/** The names of the files in the upload the fake server received. */
function uploadedNames(requests: FakeRequest[]): string[] {
  const upload = requests.find((request) => request.method === 'POST' && request.path.endsWith('/attachments'));
  return (upload?.body as FormData | undefined)?.getAll('files').map((file) => (file as File).name) ?? [];
}

describe('note dialog attachments', () => {
  useSignedInAtNow();
  beforeEach(() => {
    // The test DOM has no object URLs; this file's own copy of the global gets them.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
  });

  it('takes several files with their names and sizes, removes one, refuses a non-image, and sends the rest', async () => {
    const { requests } = fakeServer([], []);
    const { user } = renderCallNotesPanel();
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call note' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Photo of the gate');

    const input = within(dialog).getByLabelText('Files to attach');
    await user.upload(input, [pngFile('gate.png', 2032), mp3File('call.mp3'), pngFile('gate.png')]);
    const chosen = await within(dialog).findByRole('list', { name: 'Files to attach when saving' });
    // The second gate.png is a duplicate by name: ignored.
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['gate.png2 KB', 'call.mp31 KB']);

    await user.upload(input, [new File(['just text'], 'fake.png', { type: 'image/png' })]);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ATTACHMENT_MESSAGES.wrongType('fake.png'));
    expect(within(chosen).queryByText('fake.png')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove call.mp3' }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(NOTE_MESSAGES.created)).toBeInTheDocument();
    expect(uploadedNames(requests)).toEqual(['gate.png']);
    const upload = requests.find((request) => request.path === '/customers/101/notes/1/attachments');
    expect(upload?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's refusal of a file in the dialog's warning, with the note saved and shown", async () => {
    fakeServer([], [], (request) =>
      request.method === 'POST' && request.path.endsWith('/attachments')
        ? jsonResponse(400, { message: ATTACHMENT_MESSAGES.tooLarge('gate.png', 10 * 1024 * 1024) })
        : undefined,
    );
    const { user } = renderCallNotesPanel();
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call note' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Photo of the gate');
    await user.upload(within(dialog).getByLabelText('Files to attach'), [pngFile('gate.png')]);
    await within(dialog).findByText('gate.png');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const warning = await within(dialog).findByRole('alert');
    expect(warning).toHaveTextContent('gate.png is larger than 10 MB.');
    expect(warning.className).toMatch(/Warning/);
    // The note was created: the dialog now shows it in view mode, so saving again cannot create a second one.
    expect(await within(dialog).findByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it("lists a note's files with a preview of images and downloads one through the API with the token", async () => {
    const { requests } = fakeServer([note], [gatePhoto]);
    const { user } = renderCallNotesPanel();
    await user.click(await screen.findByRole('button', { name: 'Called about the gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call note' });
    const list = await within(dialog).findByRole('list', { name: 'Attachments' });
    expect(within(list).getByText('gate.png')).toBeInTheDocument();
    expect(within(list).getByText('2 KB')).toBeInTheDocument();
    expect(await within(list).findByRole('img', { name: 'Preview of gate.png' })).toHaveAttribute(
      'src',
      'blob:preview',
    );

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(within(list).getByRole('button', { name: 'Download gate.png' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const downloads = requests.filter((request) => request.path.endsWith('/9/download'));
    expect(downloads.length).toBeGreaterThanOrEqual(2);
    expect(downloads.every((request) => request.authorization?.startsWith('Bearer '))).toBe(true);
  });

  it('deletes a file while the note is edited, after asking, and lists what is left', async () => {
    let files = [gatePhoto];
    const { requests } = fakeServer([note], [], (request) => {
      if (request.method === 'GET' && request.path === '/customers/101/notes/1/attachments') {
        return jsonResponse(200, page(files, files.length, 5));
      }
      if (request.method === 'DELETE') files = [];
      return undefined;
    });
    const { user } = renderCallNotesPanel();
    await user.click(await screen.findByRole('button', { name: 'Called about the gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call note' });
    const list = await within(dialog).findByRole('list', { name: 'Attachments' });
    // View mode: the files can be downloaded, not deleted.
    expect(within(list).queryByRole('button', { name: 'Delete gate.png' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));

    await user.click(await within(dialog).findByRole('button', { name: 'Delete gate.png' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(confirmation).toHaveTextContent(ATTACHMENT_MESSAGES.deleteConfirm);
    await user.click(within(confirmation).getByRole('button', { name: 'Ok' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(await within(dialog).findByRole('button', { name: 'Delete gate.png' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete file' })).getByRole('button', { name: 'Yes' }),
    );
    expect(await within(dialog).findByText('No attachments')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/customers/101/notes/1/attachments/9',
    ]);
  });

  it("shows a refused delete in the dialog's warning", async () => {
    fakeServer([note], [gatePhoto], (request) =>
      request.method === 'DELETE' ? jsonResponse(404, { message: ATTACHMENT_MESSAGES.notFound }) : undefined,
    );
    const { user } = renderCallNotesPanel();
    await user.click(await screen.findByRole('button', { name: 'Called about the gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call note' });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Delete gate.png' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete file' })).getByRole('button', { name: 'Yes' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ATTACHMENT_MESSAGES.notFound);
  });
});
