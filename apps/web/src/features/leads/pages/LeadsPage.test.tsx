import { LEAD_MESSAGES, type LeadRow } from '@lawn/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { page } from '../../../test/fixtures';
import { renderRoutes, signIn } from '../../../test/render';
import { LeadsPage } from './LeadsPage';

function lead(overrides: Partial<LeadRow> = {}): LeadRow {
  return {
    id: 1,
    name: 'Robin Visitor',
    phone: '2125550143',
    email: 'robin@example.com',
    serviceAddress: '1 Broadway',
    zipcode: '10001',
    city: 'New York',
    state: 'NY',
    createdAt: '2026-05-04T15:00:00.000Z',
    ...overrides,
  };
}

const renderPage = () => renderRoutes([{ path: '/leads', element: <LeadsPage /> }], ['/leads']);

describe('the Leads list', () => {
  beforeEach(() => signIn());

  it('pages the leads from the server, newest first, with a phone to call and an address to write to', async () => {
    const { requests } = installFakeFetch(() => jsonResponse(200, page([lead()], 1, 25)));
    renderPage();
    expect(await screen.findByText('Robin Visitor')).toBeInTheDocument();
    expect(screen.getByText('Search results: 1 lead')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+1 (212) 555-0143' })).toHaveAttribute('href', 'tel:+12125550143');
    expect(screen.getByRole('link', { name: 'robin@example.com' })).toHaveAttribute('href', 'mailto:robin@example.com');
    expect(screen.getByText('10001 New York, NY')).toBeInTheDocument();
    const asked = requests.find((request) => request.path === '/leads');
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({ page: '1', limit: '25', sort: '-createdAt' });
  });

  it('says when there are no leads yet', async () => {
    installFakeFetch(() => jsonResponse(200, page([], 0, 25)));
    renderPage();
    expect(await screen.findByText(LEAD_MESSAGES.empty)).toBeInTheDocument();
  });

  it('offers Retry when the list cannot be loaded', async () => {
    installFakeFetch(() => jsonResponse(500, { message: 'Server Error' }));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
