import { OFFICE_HOURS } from '@lawn/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicLayout } from '../app/shells/PublicLayout';
import { installFakeFetch, jsonResponse } from '../test/fake-fetch';
import { renderWithProviders } from '../test/render';
import { OfficeContact } from './OfficeContact';

const settings = (officePhone: string | null) =>
  installFakeFetch((request) =>
    request.path === '/web/sign-up-settings'
      ? jsonResponse(200, {
          data: {
            videoUrl: null,
            marketingUrl: null,
            officePhone,
            officeHours: OFFICE_HOURS,
            billingCharges: 'check-out',
          },
        })
      : jsonResponse(404, { message: 'Not found' }),
  );

afterEach(() => vi.unstubAllGlobals());

describe('the office contact', () => {
  it("gives the office's phone as a link that dials it, with the office hours", async () => {
    settings('2145550100');
    renderWithProviders(<OfficeContact />);
    const phone = await screen.findByRole('link', { name: '+1 (214) 555-0100' });
    expect(phone).toHaveAttribute('href', 'tel:+12145550100');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `Questions? Call the office at +1 (214) 555-0100. Office hours: ${OFFICE_HOURS}.`,
    );
  });

  it('gives the office hours alone when no phone is configured, or while the settings cannot be read', async () => {
    const { requests } = settings(null);
    renderWithProviders(<OfficeContact />);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`Office hours: ${OFFICE_HOURS}.`);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('gives the office hours an Admin set, in the header and at the foot of the public pages', async () => {
    installFakeFetch(() =>
      jsonResponse(200, {
        data: {
          videoUrl: null,
          marketingUrl: null,
          officePhone: null,
          officeHours: 'Every day, 7am to 7pm',
          billingCharges: 'check-out',
        },
      }),
    );
    renderWithProviders(
      <PublicLayout>
        <p>The page</p>
      </PublicLayout>,
    );
    expect(await screen.findAllByText(/Every day, 7am to 7pm/)).toHaveLength(2);
  });

  it('ends every public page', async () => {
    settings('2145550100');
    renderWithProviders(
      <PublicLayout>
        <p>The page</p>
      </PublicLayout>,
    );
    expect(await screen.findByRole('link', { name: '+1 (214) 555-0100' })).toBeInTheDocument();
  });
});
