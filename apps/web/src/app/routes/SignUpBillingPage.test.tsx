import { APP_PATHS, PAYMENT_MESSAGES, SIGN_UP_MESSAGES } from '@lawn/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../test/fake-fetch';
import { LocationProbe, renderRoutes } from '../../test/render';
import { resetSignUp, signUpStore, updateSignUp } from '../../features/sign-up/sign-up-state';
import { SignUpBillingPage } from './SignUpBillingPage';

function renderBilling() {
  return renderRoutes(
    [
      { path: APP_PATHS.signUpBilling, element: <SignUpBillingPage /> },
      { path: APP_PATHS.signUpSuccess, element: <LocationProbe name="Success" /> },
    ],
    [APP_PATHS.signUpBilling],
  );
}

beforeEach(() => {
  resetSignUp();
  // The quote and the customer info are done: billing is the last page before Success.
  updateSignUp({
    serviceAddress: '1 Main St',
    zipcode: '75201',
    city: 'Dallas',
    state: 'TX',
    lotSize: 'Small',
    firstName: 'Ann',
    lastName: 'Lee',
  });
  installFakeFetch(() => jsonResponse(404, { message: 'Not found' }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the sign-up billing', () => {
  it("copies the service address with 'Same as Service Address', and unticking clears it", async () => {
    const { user } = renderBilling();
    const billing = screen.getByRole('group', { name: 'Billing address' });
    const same = within(billing).getByRole('checkbox', { name: SIGN_UP_MESSAGES.sameAsService });
    await user.click(same);
    expect(within(billing).getByRole('textbox', { name: 'Address' })).toHaveValue('1 Main St');
    expect(within(billing).getByRole('textbox', { name: 'City' })).toHaveValue('Dallas');
    expect(within(billing).getByRole('textbox', { name: 'Zip' })).toHaveValue('75201');
    expect(within(billing).getByRole('combobox', { name: /State/ })).toHaveTextContent('TX');
    // A copy is not typed over.
    expect(within(billing).getByRole('textbox', { name: 'Address' })).toBeDisabled();
    expect(signUpStore.getState().billing).toMatchObject({ isSameAsService: true, address: '1 Main St' });

    await user.click(same);
    expect(within(billing).getByRole('textbox', { name: 'Address' })).toHaveValue('');
    expect(within(billing).getByRole('textbox', { name: 'City' })).toHaveValue('');
    expect(within(billing).getByRole('textbox', { name: 'Zip' })).toHaveValue('');
    expect(signUpStore.getState().billing).toEqual({
      isSameAsService: false,
      address: '',
      city: '',
      zipcode: '',
      state: '',
    });
    // The mailing address is its own choice.
    const mailing = screen.getByRole('group', { name: 'Mailing address' });
    expect(within(mailing).getByRole('checkbox', { name: SIGN_UP_MESSAGES.sameAsService })).not.toBeChecked();
  });

  it('offers the US state codes with DC and PR', async () => {
    const { user } = renderBilling();
    const mailing = screen.getByRole('group', { name: 'Mailing address' });
    await user.click(within(mailing).getByRole('combobox', { name: /State/ }));
    const codes = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(codes).toHaveLength(52);
    expect(codes).toEqual(expect.arrayContaining(['AL', 'DC', 'PR', 'TX', 'WY']));
  });

  it("says 'Account numbers don't match' and sends nothing while the e-check's two account numbers differ", async () => {
    const { requests } = installFakeFetch(() => jsonResponse(404, { message: 'Not found' }));
    const { user } = renderBilling();
    for (const group of ['Billing address', 'Mailing address']) {
      await user.click(
        within(screen.getByRole('group', { name: group })).getByRole('checkbox', {
          name: SIGN_UP_MESSAGES.sameAsService,
        }),
      );
    }
    await user.click(screen.getByRole('tab', { name: 'E-Check (5th Mow Free)' }));
    await user.type(screen.getByRole('textbox', { name: 'Name on account' }), 'Ann Lee');
    await user.type(screen.getByRole('textbox', { name: 'Routing number' }), '110000000');
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '000123456789');
    await user.type(screen.getByRole('textbox', { name: 'Verify account number' }), '000123456780');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(SIGN_UP_MESSAGES.verifyMismatch)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Verify account number' })).toHaveAccessibleDescription(
      SIGN_UP_MESSAGES.verifyMismatch,
    );
    expect(requests.some((request) => request.path === '/web/customers')).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Success' })).not.toBeInTheDocument();
  });

  it('marks a name on the account that holds a number, as the server would refuse it', async () => {
    const { requests } = installFakeFetch(() => jsonResponse(404, { message: 'Not found' }));
    const { user } = renderBilling();
    await user.click(screen.getByRole('tab', { name: 'E-Check (5th Mow Free)' }));
    await user.type(screen.getByRole('textbox', { name: 'Name on account' }), 'Ann Lee 000123456789');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('textbox', { name: 'Name on account' })).toHaveAccessibleDescription(
      PAYMENT_MESSAGES.nameHasNumber,
    );
    expect(requests.some((request) => request.path === '/web/customers')).toBe(false);
  });
});
