import { NOTE_MESSAGES, type Attachment, type Note } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { page, pickList } from '../../../test/fixtures';
import { renderRoutes, signIn } from '../../../test/render';
import { NotesPanel } from './NotesPanel';

// 10:00 in Chicago on Saturday 2026-06-13; only Date is faked so timers and promises run normally.
const SATURDAY = new Date('2026-06-13T15:00:00Z');

function billingNote(overrides: Partial<Note> = {}): Note {
  return {
    id: 1,
    customerAttributesId: 101,
    typeId: 7,
    typeName: 'Billing note',
    serviceDate: '2026-06-15',
    serviceHour: '10:00',
    description: 'Card ending 4242 declined',
    rejectionReasons: [],
    reason: 'Card declined',
    status: 2,
    version: 1,
    createdAt: '2026-06-13T15:00:00Z',
    updatedAt: '2026-06-13T15:00:00Z',
    user: { id: 7, fullName: 'Ana Flores' },
    ...overrides,
  };
}

const receipt: Attachment = {
  id: 9,
  noteId: 1,
  filename: 'receipt.png',
  contentType: 'image/png',
  size: 2048,
  createdAt: '2026-06-13T15:00:00Z',
  user: null,
};

/** A fake API with the record's billing notes and, for note 1, one attached image. */
function fakeServer(notes: Note[] = []) {
  return installFakeFetch((request) => {
    if (request.method === 'GET' && request.path.endsWith('/attachments')) {
      return jsonResponse(200, page([receipt], 1, 5));
    }
    if (request.method === 'GET' && request.path.endsWith('/download')) return new Response(new Blob(['png']));
    if (request.method === 'GET' && request.path === '/picklists') {
      return jsonResponse(200, pickList(Number(request.query.get('filter[picklistId]'))));
    }
    if (request.method === 'GET' && request.path === '/customers/101/notes') {
      return jsonResponse(200, page(notes, notes.length, 5));
    }
    if (request.method === 'POST') return jsonResponse(201, { message: NOTE_MESSAGES.created, data: billingNote() });
    return jsonResponse(404, { message: 'Not found' });
  });
}

function renderPanel() {
  return renderRoutes([
    {
      path: '/',
      element: <NotesPanel customerId={101} typeId={7} noteTitle="Billing note" emptyText="No billing notes yet" />,
    },
  ]);
}

describe('billing notes', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SATURDAY);
    signIn();
  });
  afterEach(() => vi.useRealTimers());

  it('lists each billing note with its date, reason, status, description and author', async () => {
    const { requests } = fakeServer([billingNote()]);
    renderPanel();
    const row = (await screen.findByRole('button', { name: 'Card ending 4242 declined' })).closest('tr');
    expect(row).not.toBeNull();
    const cells = [...row!.querySelectorAll('td')].map((cell) => cell.textContent);
    expect([cells[1], cells[2], cells[4], cells[5]]).toEqual([
      '06/15/2026',
      'Card declined',
      'Card ending 4242 declined',
      'Ana Flores',
    ]);
    expect(within(row!).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Completed');
    expect(requests[0]?.query.get('filter[typeId]')).toBe('7');
  });

  it("changes a billing note's status right in the list, from the version it shows", async () => {
    const { requests } = installFakeFetch((request) => {
      if (request.method === 'GET') return jsonResponse(200, page([billingNote()], 1, 5));
      if (request.method === 'PATCH') {
        return jsonResponse(200, { message: NOTE_MESSAGES.updated, data: billingNote({ status: 1, version: 2 }) });
      }
      return jsonResponse(404, { message: 'Not found' });
    });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.path).toBe('/customers/101/notes/1');
    expect(patch?.body).toMatchObject({ status: 1, version: 1, reason: 'Card declined', serviceDate: '2026-06-15' });
  });

  it('adds a billing note: the reason is required, and a Saturday today makes the date Monday, pending', async () => {
    const { requests } = fakeServer();
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing note' });
    expect(within(dialog).getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).queryByLabelText('Hour')).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Card declined twice');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(NOTE_MESSAGES.required)).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    // The reasons are the billing reasons' pick list.
    expect(requests.find((request) => request.path === '/picklists')?.query.get('filter[picklistId]')).toBe('7');
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Card declined',
      'Card expired',
      'Refund',
      'Price adjustment',
      'Payment arrangement',
      'Other',
    ]);
    await user.click(await screen.findByRole('option', { name: 'Card expired' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      typeId: 7,
      serviceDate: '2026-06-15',
      serviceHour: '10:00',
      description: 'Card declined twice',
      rejectionReasons: [],
      reason: 'Card expired',
      status: 1,
    });
    expect(await screen.findByText(NOTE_MESSAGES.created)).toBeInTheDocument();
  });

  it('goes back to the Form tab when a save is refused by the rules', async () => {
    fakeServer();
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing note' });
    await user.click(within(dialog).getByRole('tab', { name: 'Attachments' }));
    expect(within(dialog).getByText(NOTE_MESSAGES.attachAfterSave)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('combobox', { name: 'Reason' })).toBeVisible();
  });

  it("shows a saved note's files on the Attachments tab, and takes new ones once Edit is pressed", async () => {
    fakeServer([billingNote()]);
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Card ending 4242 declined' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing note' });
    expect(within(dialog).getByRole('combobox', { name: 'Reason' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(dialog).getByRole('tab', { name: 'Attachments' }));
    const panel = within(dialog).getByRole('tabpanel', { name: 'Attachments' });
    expect(await within(panel).findByText('receipt.png')).toBeInTheDocument();
    // The Form tab's fields are hidden meanwhile.
    expect(within(dialog).queryByRole('combobox', { name: 'Reason' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(within(panel).getByRole('button', { name: 'Attach files' })).toBeInTheDocument();
  });
});
