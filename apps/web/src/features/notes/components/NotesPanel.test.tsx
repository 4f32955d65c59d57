import { NOTE_MESSAGES, type Note } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { page } from '../../../test/fixtures';
import { callNote, renderCallNotesPanel, useSignedInAtNow } from '../call-notes-test-setup';

type Answer = (request: FakeRequest) => Response | Promise<Response> | undefined;

/** A fake API with the record's call notes (7 of them, 5 a page) unless `answer` says otherwise. */
function fakeServer(answer?: Answer, notes: Note[] = []) {
  return installFakeFetch(async (request) => {
    // The note dialog lists the note's attachments: none here (NoteAttachments.test.tsx has them).
    if (request.method === 'GET' && request.path.endsWith('/attachments')) return jsonResponse(200, page([], 0, 5));
    const special = await answer?.(request);
    if (special) return special;
    if (request.method === 'GET' && request.path === '/customers/101/notes') {
      const number = Number(request.query.get('page'));
      return jsonResponse(200, page(notes.slice((number - 1) * 5, number * 5), notes.length, 5, number));
    }
    if (request.method === 'POST') return jsonResponse(201, { message: NOTE_MESSAGES.created, data: callNote() });
    if (request.method === 'PATCH') return jsonResponse(200, { message: NOTE_MESSAGES.updated, data: callNote() });
    if (request.method === 'DELETE') return jsonResponse(200, { message: NOTE_MESSAGES.deleted, deleted: 1 });
    return jsonResponse(404, { message: 'Not found' });
  });
}

const seven = Array.from({ length: 7 }, (_, index) =>
  callNote({ id: 7 - index, description: `Call number ${7 - index}` }),
);

describe('notes panel', () => {
  useSignedInAtNow();

  it('pages the notes 5 at a time from the server, newest first', async () => {
    const { requests } = fakeServer(undefined, seven);
    const { user } = renderCallNotesPanel();
    expect(await screen.findByRole('button', { name: 'Call number 7' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(requests[0]?.query.toString()).toBe('filter%5BtypeId%5D=1&sort=-id&page=1&limit=5');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByRole('button', { name: 'Call number 2' })).toBeInTheDocument();
    expect(requests.at(-1)?.query.get('page')).toBe('2');
  });

  it('says so when there is nothing', async () => {
    fakeServer();
    renderCallNotesPanel();
    expect(await screen.findByText('No call notes yet')).toBeInTheDocument();
  });

  it('adds a note: validates with the shared rules, shows Saving..., then says it is created', async () => {
    let release: () => void = () => undefined;
    const { requests } = fakeServer((request) =>
      request.method === 'POST'
        ? new Promise<Response>((resolve) => {
            release = () => resolve(jsonResponse(201, { message: NOTE_MESSAGES.created, data: callNote() }));
          })
        : undefined,
    );
    const { user } = renderCallNotesPanel();
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call note' });
    expect(within(dialog).getByLabelText('Hour')).toHaveValue('10:00');

    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Minimum 3 characters')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), ' then');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      typeId: 1,
      serviceDate: '2026-06-10',
      serviceHour: '10:00',
      description: 'ok then',
      rejectionReasons: [],
      reason: null,
      status: null,
    });
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    release();
    expect(await screen.findByText(NOTE_MESSAGES.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Call note' })).not.toBeInTheDocument());
  });

  it('shows a refusal without a field in a warning inside the dialog', async () => {
    fakeServer((request) =>
      request.method === 'POST' ? jsonResponse(404, { message: 'Customer not found' }) : undefined,
    );
    const { user } = renderCallNotesPanel();
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call note' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Left a message');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const warning = await within(dialog).findByRole('alert');
    expect(warning).toHaveTextContent('Customer not found');
    expect(warning.className).toMatch(/Warning/);
  });

  it('opens a note in view mode; Edit enables it and the save carries the version shown', async () => {
    const { requests } = fakeServer(undefined, [callNote({ version: 3 })]);
    const { user } = renderCallNotesPanel();
    await user.click(await screen.findByRole('button', { name: 'Called about the gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call note' });
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    expect(description).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(description).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.clear(description);
    await user.type(description, 'Gate fixed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests).toContainEqual(
        expect.objectContaining({
          method: 'PATCH',
          path: '/customers/101/notes/1',
          body: expect.objectContaining({ description: 'Gate fixed', version: 3 }),
        }),
      ),
    );
    expect(await screen.findByText(NOTE_MESSAGES.updated)).toBeInTheDocument();
  });

  it('shows the newer version, and says so, when someone else changed the note meanwhile', async () => {
    let current = callNote({ version: 1 });
    fakeServer((request) => {
      if (request.method === 'GET') return jsonResponse(200, page([current], 1, 5));
      if (request.method === 'PATCH') {
        current = callNote({ version: 2, description: 'Their newer words' });
        return jsonResponse(409, { message: NOTE_MESSAGES.stale });
      }
      return undefined;
    });
    const { user } = renderCallNotesPanel();
    await user.click(await screen.findByRole('button', { name: 'Called about the gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call note' });
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), ' and mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(NOTE_MESSAGES.stale);
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Their newer words'),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toBeDisabled();
  });

  it("deletes a note from its dialog after 'Are you sure to delete this note?'", async () => {
    const { requests } = fakeServer(undefined, [callNote({ id: 4 })]);
    const { user } = renderCallNotesPanel();
    await user.click(await screen.findByRole('button', { name: 'Called about the gate' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Call note' })).getByRole('button', { name: 'Delete' }),
    );
    const question = await screen.findByRole('dialog', { name: 'Delete note' });
    expect(question).toHaveTextContent(NOTE_MESSAGES.deleteConfirm);
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(requests).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/customers/101/notes/4' })),
    );
    expect(await screen.findByText(NOTE_MESSAGES.deleted)).toBeInTheDocument();
  });

  it("deletes the selected notes together after 'Are you sure to delete this callNote(s)?'", async () => {
    const { requests } = fakeServer(undefined, seven);
    const { user } = renderCallNotesPanel();
    await user.click(await screen.findByRole('checkbox', { name: 'Select: Call number 7' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select: Call number 6' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (2)' }));
    const question = await screen.findByRole('dialog', { name: 'Delete notes' });
    expect(question).toHaveTextContent(NOTE_MESSAGES.deleteManyConfirm);
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(requests).toContainEqual(
        expect.objectContaining({ method: 'DELETE', path: '/customers/101/notes', body: { ids: [7, 6] } }),
      ),
    );
  });
});

describe('rejected note dialog', () => {
  useSignedInAtNow();

  it('needs a description unless a rejection reason is ticked', async () => {
    const { requests } = fakeServer();
    const { user } = renderCallNotesPanel(4);
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call note' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field is required')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Just Shopping' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
        typeId: 4,
        description: '',
        rejectionReasons: ['Just Shopping'],
      }),
    );
  });
});
