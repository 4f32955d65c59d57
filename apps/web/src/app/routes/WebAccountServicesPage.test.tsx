import type { CompletedService, PaymentProperty } from '@lawn/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../test/fake-fetch';
import { page } from '../../test/fixtures';
import { renderWithProviders, signIn } from '../../test/render';
import { WebAccountServicesPage } from './WebAccountServicesPage';

const property = (id: number, streetAddress: string): PaymentProperty => ({
  id,
  streetAddress,
  accountNumber: `5000${id}`,
  parentId: 9,
  customerName: 'Pat Doe',
  paymentMethod: {
    paymentType: null,
    paymentTypeName: '',
    cardType: null,
    cardTypeName: null,
    cardLastFour: null,
    cardExpirationMonth: null,
    cardExpirationYear: null,
    bankLastFour: null,
    billingName: null,
    hasToken: false,
  },
  chargeTerms: { pricePerMow: null, billingCharges: 'check-out' },
  authorization: null,
});

const visit: CompletedService = {
  id: 300,
  workday: '2026-06-10',
  crewNumber: 101,
  note: 'Gate latched',
  checkedInAt: '2026-06-10T15:00:00.000Z',
  checkedOutAt: '2026-06-10T15:40:00.000Z',
  photos: [
    {
      id: 5,
      kind: 'check-in',
      filename: 'before.png',
      contentType: 'image/png',
      size: 4,
      createdAt: '2026-06-10T15:00:00.000Z',
    },
    {
      id: 6,
      kind: 'check-out',
      filename: 'after.png',
      contentType: 'image/png',
      size: 4,
      createdAt: '2026-06-10T15:40:00.000Z',
    },
  ],
};

/** Two properties: the cabin (42) has a completed visit, the home (41) none; `failing` answers 404 for its visits. */
function installServer(properties = [property(41, '12 Oak Lane'), property(42, '9 Pine Rd')], failing?: number) {
  return installFakeFetch((request) => {
    if (request.path === '/customer/payment-methods') return jsonResponse(200, { data: properties });
    if (request.path === '/web/visits') {
      const propertyId = Number(request.query.get('propertyId'));
      if (propertyId === failing) return jsonResponse(404, { message: 'Customer not found' });
      return jsonResponse(200, page(propertyId === 42 ? [visit] : [], propertyId === 42 ? 1 : 0, 10));
    }
    if (request.path.startsWith('/web/visits/')) {
      return new Response(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), {
        status: 200,
        headers: { 'Content-Type': 'image/png' },
      });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

describe('WebAccountServicesPage', () => {
  it("shows the chosen property's completed services and both photos of one", async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:visit-photo'), revokeObjectURL: vi.fn() });
    signIn({ role: 'customers', roles: ['customers'] });
    const { requests } = installServer();
    const { user } = renderWithProviders(<WebAccountServicesPage />);

    expect(await screen.findByText('No completed services yet')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Service address' }));
    await user.click(await screen.findByRole('option', { name: '9 Pine Rd' }));

    const table = await screen.findByRole('table', { name: 'Completed services' });
    expect(await within(table).findByText('06/10/2026')).toBeInTheDocument();
    expect(within(table).getByText('Gate latched')).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/web/visits' && request.query.get('propertyId') === '42')).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'View the service of 06/10/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Service of 06/10/2026' });
    expect(await within(dialog).findByRole('img', { name: 'Check-in photo, 06/10/2026' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('img', { name: 'Check-out photo, 06/10/2026' })).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toEqual(
      expect.arrayContaining(['/web/visits/300/photos/5', '/web/visits/300/photos/6']),
    );
  });

  it('shows a single property without a choice', async () => {
    signIn({ role: 'customers', roles: ['customers'] });
    installServer([property(42, '9 Pine Rd')]);
    renderWithProviders(<WebAccountServicesPage />);
    expect(await screen.findByText('9 Pine Rd')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Service address' })).not.toBeInTheDocument();
    expect(await screen.findByText('Gate latched')).toBeInTheDocument();
  });

  it('says so when the services cannot be loaded', async () => {
    signIn({ role: 'customers', roles: ['customers'] });
    installServer([property(41, '12 Oak Lane')], 41);
    renderWithProviders(<WebAccountServicesPage />);
    expect(
      await screen.findByText('The completed services could not be loaded: Customer not found'),
    ).toBeInTheDocument();
  });

  it('says so when the customer has no property', async () => {
    signIn({ role: 'customers', roles: ['customers'] });
    installServer([]);
    renderWithProviders(<WebAccountServicesPage />);
    expect(await screen.findByText('There are no properties to show.')).toBeInTheDocument();
  });
});
