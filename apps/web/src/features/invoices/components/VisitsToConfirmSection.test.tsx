import type { VisitToConfirm } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { page } from '../../../test/fixtures';
import { renderWithProviders, signIn } from '../../../test/render';
import { VisitsToConfirmSection } from './VisitsToConfirmSection';

const visit = (overrides: Partial<VisitToConfirm> = {}): VisitToConfirm => ({
  id: 5,
  propertyId: 41,
  accountNumber: '500041',
  customerName: 'Pat Doe',
  serviceAddress: '12 Oak Lane',
  workday: '2026-06-08',
  crewNumber: 101,
  checkedInAt: null,
  ...overrides,
});

function installServer(initial: VisitToConfirm[]) {
  let waiting = [...initial];
  return installFakeFetch((request) => {
    if (request.path === '/billing/visits-to-confirm') return jsonResponse(200, page(waiting, waiting.length, 10));
    const match = /^\/billing\/visits-to-confirm\/(\d+)\/confirm$/.exec(request.path);
    if (match && request.method === 'POST') {
      waiting = waiting.filter((item) => item.id !== Number(match[1]));
      return jsonResponse(200, { message: 'ok' });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

describe('VisitsToConfirmSection', () => {
  it('lists the mows nobody checked out of, and settles one as done or skipped', async () => {
    signIn();
    const { requests } = installServer([visit(), visit({ id: 6, serviceAddress: '9 Pine Rd' })]);
    const { user } = renderWithProviders(<VisitsToConfirmSection />);
    const table = await screen.findByRole('table', { name: 'Visits to confirm' });
    expect(await within(table).findByText('12 Oak Lane')).toBeInTheDocument();
    expect(within(table).getAllByText('06/08/2026')).toHaveLength(2);

    await user.click(within(table).getByRole('button', { name: 'Done: 12 Oak Lane on 06/08/2026' }));
    await waitFor(() => expect(within(table).queryByText('12 Oak Lane')).not.toBeInTheDocument());
    await user.click(within(table).getByRole('button', { name: 'Skipped: 9 Pine Rd on 06/08/2026' }));
    expect(await within(table).findByText('No visits to confirm')).toBeInTheDocument();

    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => [request.path, request.body])).toEqual([
      ['/billing/visits-to-confirm/5/confirm', { result: 'done' }],
      ['/billing/visits-to-confirm/6/confirm', { result: 'skipped' }],
    ]);
  });
});
