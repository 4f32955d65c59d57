import { HISTORY_FILTER_MESSAGES as M } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { page } from '../../../test/fixtures';
import { renderRoutes, signIn } from '../../../test/render';
import { CustomerHistoryPanel } from './CustomerHistoryPanel';

/** Noon in Chicago on Friday 2026-11-27. */
const NOW = new Date('2026-11-27T18:00:00Z');
const SLOW = { timeout: 5000 };

const entry = (id: number, description: string) => ({
  id,
  action: 'update',
  description,
  changes: null,
  createdAt: '2026-11-20T15:00:00Z',
  user: { id: 7, fullName: 'Ana Flores' },
});

function fakeServer() {
  return installFakeFetch((request) =>
    request.query.has('filter[dateHistoryStart]')
      ? jsonResponse(200, page([entry(1, 'Changed crew from 11 to 12')], 1, 10))
      : jsonResponse(
          200,
          page(
            Array.from({ length: 10 }, (_, index) => entry(12 - index, `Changed crew from ${index} to ${index + 1}`)),
            12,
            10,
          ),
        ),
  );
}

/** Types a date into a picker key by key, as a person does: the month, day and year sections take the digits. */
async function typeDate(user: UserEvent, label: string, digits: string) {
  const field = screen.getByRole('group', { name: label });
  await user.click(within(field).getAllByRole('spinbutton')[0] as HTMLElement);
  await user.keyboard(digits);
}

describe('record history', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    signIn();
  });
  afterEach(() => vi.useRealTimers());

  it('lists 10 a page, newest first, with who changed what from and to', async () => {
    const { requests } = fakeServer();
    renderRoutes([{ path: '/', element: <CustomerHistoryPanel customerId={101} /> }]);
    const table = await screen.findByRole('table', { name: 'History' }, SLOW);
    expect(await within(table).findByRole('row', { name: /Changed crew from 0 to 1/ }, SLOW)).toHaveTextContent(
      'Ana Flores',
    );
    expect(requests[0]?.query.get('limit')).toBe('10');
    expect(requests[0]?.query.get('sort')).toBe('-createdAt');
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
  });

  it('filters by two dates typed key by key, sent as UTC instants of the business days', async () => {
    const { requests } = fakeServer();
    const { user } = renderRoutes([{ path: '/', element: <CustomerHistoryPanel customerId={101} /> }]);
    await screen.findByRole('row', { name: /Changed crew from 0 to 1/ }, SLOW);

    await typeDate(user, 'Start date', '11012026');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText(M.bothDates)).toBeInTheDocument();

    await typeDate(user, 'End date', '11282026');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText(M.endAfterToday)).toBeInTheDocument();
    expect(requests.some((request) => request.query.has('filter[dateHistoryStart]'))).toBe(false);

    await typeDate(user, 'End date', '11272026');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    const filtered = requests.at(-1);
    expect(filtered?.query.get('filter[dateHistoryStart]')).toBe('2026-11-01T05:00:00.000Z');
    expect(filtered?.query.get('filter[dateHistoryEnd]')).toBe('2026-11-28T05:59:59.999Z');
    expect(filtered?.query.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(11));
  });

  it('says a date typed half or impossible is not valid', async () => {
    fakeServer();
    const { user } = renderRoutes([{ path: '/', element: <CustomerHistoryPanel customerId={101} /> }]);
    await screen.findByRole('row', { name: /Changed crew from 0 to 1/ }, SLOW);
    await typeDate(user, 'Start date', '1101');
    await typeDate(user, 'End date', '11272026');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText(M.dateInvalid)).toBeInTheDocument();
  });
});
