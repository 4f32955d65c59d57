import type { CompletedService } from '@lawn/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { page as fixturePage } from '../../../test/fixtures';
import { renderWithProviders, signIn } from '../../../test/render';
import { CompletedServicesPanel } from './CompletedServicesPanel';

const service = (index: number): CompletedService => {
  const workday = `2026-06-${String(20 - index).padStart(2, '0')}`;
  return {
    id: 100 + index,
    workday,
    crewNumber: 101,
    note: index === 0 ? 'Dog was out' : '',
    checkedInAt: `${workday}T15:00:00.000Z`,
    checkedOutAt: `${workday}T15:40:00.000Z`,
    photos: [
      {
        id: 1,
        kind: 'check-in',
        filename: `in-${index}.png`,
        contentType: 'image/png',
        size: 4,
        createdAt: `${workday}T15:00:00.000Z`,
      },
      {
        id: 2,
        kind: 'check-out',
        filename: `out-${index}.png`,
        contentType: 'image/png',
        size: 4,
        createdAt: `${workday}T15:40:00.000Z`,
      },
    ],
  };
};

function installServer(total: number) {
  return installFakeFetch((request) => {
    if (request.path === '/customers/7/completed-services') {
      const page = Number(request.query.get('page'));
      const rows = Array.from({ length: total }, (_, index) => service(index)).slice((page - 1) * 10, page * 10);
      return jsonResponse(200, fixturePage(rows, total, 10, page));
    }
    if (request.path.startsWith('/customers/7/completed-services/')) {
      return new Response(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]), {
        status: 200,
        headers: { 'Content-Type': 'image/png' },
      });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

describe('CompletedServicesPanel', () => {
  it('lists the completed services 10 a page, with workday, crew, note and photos', async () => {
    signIn();
    const { requests } = installServer(12);
    const { user } = renderWithProviders(<CompletedServicesPanel source={{ audience: 'office', customerId: 7 }} />);
    const table = await screen.findByRole('table', { name: 'Completed services' });
    expect(await within(table).findByText('06/20/2026')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11);
    expect(within(rows[1] as HTMLElement).getByText('06/20/2026')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Dog was out')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText(/in-0\.png \(Check-in,/)).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText(/out-0\.png \(Check-out,/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('06/10/2026')).toBeInTheDocument();
    expect(requests.some((request) => request.query.get('page') === '2')).toBe(true);
  });

  it('shows both photos of a service in its detail dialog', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:visit-photo'), revokeObjectURL: vi.fn() });
    signIn();
    const { requests } = installServer(1);
    const { user } = renderWithProviders(<CompletedServicesPanel source={{ audience: 'office', customerId: 7 }} />);
    await user.click(await screen.findByRole('button', { name: 'View the service of 06/20/2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Service of 06/20/2026' });
    expect(within(dialog).getByText('Crew 101: Dog was out')).toBeInTheDocument();
    expect(await within(dialog).findByRole('img', { name: 'Check-in photo, 06/20/2026' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('img', { name: 'Check-out photo, 06/20/2026' })).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toContain('/customers/7/completed-services/100/photos/2');
  });

  it('says so when there is none yet', async () => {
    signIn();
    installServer(0);
    renderWithProviders(<CompletedServicesPanel source={{ audience: 'office', customerId: 7 }} />);
    expect(await screen.findByText('No completed services yet')).toBeInTheDocument();
  });
});
