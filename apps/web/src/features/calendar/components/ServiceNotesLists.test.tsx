import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { callsTo, CUSTOMER_ID, defaultScheduleState, installScheduleServer, SLOW } from '../calendar-test-server';
import { ServiceNotesLists } from './ServiceNotesLists';

const path = `/customers/${CUSTOMER_ID}/service-notes`;

function renderNotes(year: number | undefined = 2026) {
  return renderRoutes([{ path: '/', element: <ServiceNotesLists customerId={CUSTOMER_ID} year={year} /> }]);
}

describe('service notes lists', () => {
  beforeEach(() => signIn());

  it('lists skips, write ins and redos of the year, with empty states', async () => {
    const { requests } = installScheduleServer();
    renderNotes();
    const skips = await screen.findByRole('region', { name: 'Skips' }, SLOW);
    expect(within(skips).getByRole('heading')).toHaveTextContent('Skips (1)');
    expect(skips).toHaveTextContent('#1 · Week 3 · 03/10/2026');
    expect(skips).toHaveTextContent('Customer on vacation — Ana Flores');
    expect(screen.getByRole('region', { name: 'Write ins' })).toHaveTextContent('#1 · Week 5 · 03/26/2026');
    expect(screen.getByRole('region', { name: 'Redos' })).toHaveTextContent('No redos');
    expect(callsTo(requests, 'GET', path)[0]?.query.get('year')).toBe('2026');
  });

  it('deletes a note only after the confirmation', async () => {
    const { requests } = installScheduleServer();
    const { user } = renderNotes();
    const remove = await screen.findByRole('button', { name: 'Delete skip #1 (week 3)' }, SLOW);

    await user.click(remove);
    let question = await screen.findByRole(
      'dialog',
      { name: 'This action cannot be undone, are you sure to proceed?' },
      SLOW,
    );
    expect(question).toHaveTextContent('You are about to delete the service.');
    await user.click(within(question).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);
    expect(callsTo(requests, 'DELETE', path)).toHaveLength(0);

    await user.click(remove);
    question = await screen.findByRole(
      'dialog',
      { name: 'This action cannot be undone, are you sure to proceed?' },
      SLOW,
    );
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Service Successfully deleted');
    expect(callsTo(requests, 'DELETE', path).map((request) => request.body)).toEqual([
      { type: 'skip', year: 2026, week: 3 },
    ]);
    // The lists reload so the deleted note disappears.
    await waitFor(() => expect(callsTo(requests, 'GET', path)).toHaveLength(2), SLOW);
  });

  it('edits the message of a note', async () => {
    const { requests } = installScheduleServer();
    const { user } = renderNotes();
    await user.click(await screen.findByRole('button', { name: 'Edit write in #1 (week 5)' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Edit write in of week 5' }, SLOW);
    const message = within(dialog).getByRole('textbox', { name: 'Message' });
    expect(message).toHaveValue('Make-up visit');
    await user.clear(message);
    await user.paste('Visit moved to Thursday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Service note updated');
    expect(callsTo(requests, 'PATCH', path).map((request) => request.body)).toEqual([
      { type: 'write', year: 2026, week: 5, message: 'Visit moved to Thursday' },
    ]);
  });

  it('shows a load failure with a retry', async () => {
    const state = defaultScheduleState();
    let isDown = true;
    installScheduleServer(
      (request) => (isDown && request.path === path ? jsonResponse(500, { message: 'Notes unavailable' }) : undefined),
      state,
    );
    const { user } = renderNotes();
    expect(await screen.findByText(/Notes unavailable/, {}, SLOW)).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Skips' }, SLOW)).toBeInTheDocument();
  });
});
