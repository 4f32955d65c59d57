import { AUTOSAVE_MESSAGES } from '@lawn/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerDetail } from '../../../test/fixtures';
import { signIn } from '../../../test/render';
import { fakeRecordServer, OTHER_EDITOR, patches, renderRecordTab, SLOW } from '../record-tab-test-server';
import { BushBedNotesField } from './BushBedNotesField';

const render = () => renderRecordTab(101, (customer) => <BushBedNotesField customer={customer} />);

describe('B&B notes', () => {
  beforeEach(() => signIn());

  it('shows the notes the wizard stored and autosaves what is typed, from the value it started from', async () => {
    const server = fakeRecordServer(customerDetail({ id: 101, bbNotes: 'Trim the roses' }));
    const { user } = render();
    const notes = await screen.findByRole('textbox', { name: 'B&B notes' });
    expect(notes).toHaveValue('Trim the roses');
    await user.type(notes, ' twice');
    await waitFor(() => expect(patches(server.requests).length).toBeGreaterThan(0), SLOW);
    await waitFor(
      () => expect(patches(server.requests).at(-1)?.body).toMatchObject({ bbNotes: 'Trim the roses twice' }),
      SLOW,
    );
    expect(patches(server.requests)[0]?.body).toMatchObject({ base: { bbNotes: 'Trim the roses' } });
    expect(await screen.findByText(AUTOSAVE_MESSAGES.saved, {}, SLOW)).toBeInTheDocument();
  });

  it('saves emptied notes as none', async () => {
    const server = fakeRecordServer(customerDetail({ id: 101, bbNotes: 'Mulch' }));
    const { user } = render();
    await user.clear(await screen.findByRole('textbox', { name: 'B&B notes' }));
    await waitFor(() => expect(patches(server.requests).at(-1)?.body).toMatchObject({ bbNotes: null }), SLOW);
  });

  it('shows both values when someone else changed the notes meanwhile', async () => {
    const server = fakeRecordServer(customerDetail({ id: 101, bbNotes: 'Mulch' }));
    const { user } = render();
    const notes = await screen.findByRole('textbox', { name: 'B&B notes' });
    server.setCurrent(customerDetail({ id: 101, bbNotes: 'Edge the beds', version: 2 }));
    await user.type(notes, ' twice');
    expect(await screen.findByText(new RegExp(OTHER_EDITOR), {}, SLOW)).toBeInTheDocument();
    expect(notes).toHaveValue('Mulch twice');
  });
});
