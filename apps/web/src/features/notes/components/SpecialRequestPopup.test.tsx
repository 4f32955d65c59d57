import type { SpecialRequestPopup as PopupData } from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { renderWithProviders, signIn } from '../../../test/render';
import { SpecialRequestPopup } from './SpecialRequestPopup';

const FULL: PopupData = {
  ccDeclineSpecial: [{ serviceDate: '2027-05-03', description: 'Call about the declined card' }],
  fifthMowSpecial: [{ serviceDate: '2027-06-07', description: 'Fifth mow free' }],
};

const fakeServer = (data: PopupData) =>
  installFakeFetch((request) =>
    request.path === '/customers/101/special-request-popup'
      ? jsonResponse(200, { data })
      : jsonResponse(404, { message: 'Not found' }),
  );

/** The record page's use of it: keyed by the record, with a button that re-renders the page. */
function Page() {
  const [renders, setRenders] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Render again {renders}
      </button>
      <SpecialRequestPopup key={101} customerId={101} />
    </>
  );
}

describe('the special-request pop-up', () => {
  beforeEach(() => signIn());

  it('shows the declined-card and 5th mow requests once, and closes with Escape', async () => {
    fakeServer(FULL);
    const { user } = renderWithProviders(<Page />);
    const dialog = await screen.findByRole('dialog', { name: 'Special requests' });
    const declined = within(dialog).getByRole('region', { name: 'Declined card' });
    expect(within(declined).getByText('Call about the declined card')).toBeInTheDocument();
    expect(within(declined).getByText('05/03/2027')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('region', { name: '5th mow' })).getByText('Fifth mow free')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Render again/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows nothing when the record has none', async () => {
    const server = fakeServer({ ccDeclineSpecial: [], fifthMowSpecial: [] });
    renderWithProviders(<Page />);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists only the kind the record has', async () => {
    fakeServer({ ccDeclineSpecial: [], fifthMowSpecial: FULL.fifthMowSpecial });
    renderWithProviders(<Page />);
    const dialog = await screen.findByRole('dialog', { name: 'Special requests' });
    expect(within(dialog).queryByRole('region', { name: 'Declined card' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Fifth mow free')).toBeInTheDocument();
  });
});
