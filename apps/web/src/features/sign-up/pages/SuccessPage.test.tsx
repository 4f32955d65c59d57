import { APP_PATHS, LOT_SIZE_TIERS, serviceFrequencyOf, SIGN_UP_MESSAGES } from '@lawn/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { renderRoutes } from '../../../test/render';
import { INITIAL_SIGN_UP_STATE, resetSignUp, signUpStore, updateSignUp } from '../sign-up-state';
import { SuccessPage } from './SuccessPage';

const options = LOT_SIZE_TIERS.map(({ prices, ...tier }, index) => ({
  ...tier,
  id: index + 1,
  serviceFrequency: serviceFrequencyOf(prices),
}));
const service = { isSameAsService: true, address: '1 Main St', city: 'Dallas', zipcode: '75201', state: 'TX' };

function renderSuccess() {
  return renderRoutes([{ path: APP_PATHS.signUpSuccess, element: <SuccessPage /> }], [APP_PATHS.signUpSuccess]);
}

beforeEach(() => {
  resetSignUp();
  installFakeFetch((request) =>
    request.path === '/web/base-price'
      ? jsonResponse(200, { data: options, total: options.length, marketId: 3, usesDefault: true, version: 1 })
      : jsonResponse(404, { message: 'Not found' }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the sign-up success', () => {
  it('shows every section of the order and the estimate disclaimer, then clears the sign-up', async () => {
    updateSignUp({
      serviceAddress: '1 Main St',
      zipcode: '75201',
      city: 'Dallas',
      state: 'TX',
      marketId: 3,
      taxRate: 8.25,
      exceptions: 'No service on private islands',
      lotSize: 'Medium',
      srvFrecuency: 2,
      firstName: 'Ann',
      lastName: 'Lee',
      contactNumber: '+1 (214) 555-0100',
      email: 'ann@example.com',
      serviceDate: '2030-03-04',
      billing: service,
      mailing: { isSameAsService: false, address: 'PO Box 12', city: 'Plano', zipcode: '75023', state: 'TX' },
      accountNumber: 'A-10042',
    });
    renderSuccess();

    expect(screen.getByRole('heading', { level: 1, name: SIGN_UP_MESSAGES.successTitle })).toBeInTheDocument();
    expect(screen.getByText(SIGN_UP_MESSAGES.successText)).toBeInTheDocument();
    expect(screen.getByText('A-10042')).toBeInTheDocument();
    const sections = screen.getAllByRole('region').map((section) => section.getAttribute('aria-label'));
    expect(sections).toEqual(['Service Address', 'Billing Address', 'Mailing Address', 'Mowing Details']);
    expect(screen.getByRole('region', { name: 'Service Address' })).toHaveTextContent('Ann Lee');
    expect(screen.getByRole('region', { name: 'Billing Address' })).toHaveTextContent('1 Main St');
    expect(screen.getByRole('region', { name: 'Mailing Address' })).toHaveTextContent('PO Box 12');
    const details = screen.getByRole('region', { name: 'Mowing Details' });
    expect(details).toHaveTextContent('Bi-Weekly');
    expect(details).toHaveTextContent('Front and Back');
    expect(details).toHaveTextContent('No service on private islands');
    expect(await within(details).findByText('$40.00')).toBeInTheDocument();
    expect(screen.getByText(SIGN_UP_MESSAGES.estimateDisclaimer)).toBeInTheDocument();

    // The order is in: the next visitor on this device starts afresh, while this page keeps showing it.
    expect(signUpStore.getState()).toEqual(INITIAL_SIGN_UP_STATE);
    expect(window.sessionStorage.getItem('sign-up') ?? '').not.toContain('A-10042');
    expect(screen.getByText('A-10042')).toBeInTheDocument();
  });

  it('sends a visitor without an order to the quote', () => {
    renderSuccess();
    expect(screen.getByText(SIGN_UP_MESSAGES.nothingToShow)).toBeInTheDocument();
  });
});
