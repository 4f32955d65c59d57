import { NOTE_TYPE } from '@lawn/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { page } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { callNote, useSignedInAtNow } from '../call-notes-test-setup';
import { NotesPanel } from './NotesPanel';

const privateNote = callNote({
  id: 2,
  typeId: NOTE_TYPE.private,
  typeName: 'Private note',
  description: 'Owner is deaf',
});
const rejectedNote = callNote({
  id: 3,
  typeId: NOTE_TYPE.rejected,
  typeName: 'Rejected note',
  description: 'Asked twice',
  rejectionReasons: ['Just Shopping'],
});

function renderPrivateNotes() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <NotesPanel
          customerId={101}
          typeId={NOTE_TYPE.private}
          listTypes={[NOTE_TYPE.private, NOTE_TYPE.rejected]}
          noteTitle="Private note"
          emptyText="No private notes yet"
        />
      ),
    },
  ]);
}

describe('private notes panel', () => {
  useSignedInAtNow();

  it('lists private and rejected notes together, each with its type and a rejection its reasons', async () => {
    const { requests } = installFakeFetch((request) => {
      if (request.path.endsWith('/attachments')) return jsonResponse(200, page([], 0, 5));
      if (request.path === '/customers/101/notes') return jsonResponse(200, page([rejectedNote, privateNote], 2, 5));
      return jsonResponse(404, { message: 'Not found' });
    });
    const { user } = renderPrivateNotes();
    const rejected = await screen.findByRole('button', { name: 'Just Shopping: Asked twice' }, { timeout: 5000 });
    expect(requests[0]?.query.get('filter[typeId]')).toBe('2,4');
    const rows = screen.getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('Rejected note')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Private note')).toBeInTheDocument();

    await user.click(rejected);
    const dialog = await screen.findByRole('dialog', { name: 'Rejected note' });
    expect(within(dialog).getByRole('checkbox', { name: 'Just Shopping' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Not In Service Area' })).not.toBeChecked();
  });

  it('says so when there is nothing', async () => {
    installFakeFetch(() => jsonResponse(200, page([], 0, 5)));
    renderPrivateNotes();
    expect(await screen.findByText('No private notes yet')).toBeInTheDocument();
  });
});
