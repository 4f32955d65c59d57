import {
  APP_PATHS,
  AUTHORIZATION_MESSAGES,
  chargeAuthorizationText,
  CUSTOMER_MESSAGES,
  PAYMENT_MESSAGES,
  SIGN_UP_MESSAGES,
  OFFICE_HOURS,
} from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeHandler } from '../../test/fake-fetch';
import { createTestPaymentKey } from '../../test/payment-key';
import { LocationProbe, renderRoutes } from '../../test/render';
import { resetSignUp, signUpStore, updateSignUp } from '../../features/sign-up/sign-up-state';
import { SignUpBillingPage } from './SignUpBillingPage';

function renderBilling() {
  return renderRoutes(
    [
      { path: APP_PATHS.signUpBilling, element: <SignUpBillingPage /> },
      { path: APP_PATHS.signUpSuccess, element: <LocationProbe name="Success" /> },
      { path: APP_PATHS.signUp, element: <LocationProbe name="Tell us about you" /> },
    ],
    [APP_PATHS.signUpBilling],
  );
}

const key = createTestPaymentKey();

/** The API as the billing page meets it: the gateway's key, the office's phone, and `order` answering the order. */
function fakeApi(order: FakeHandler) {
  return installFakeFetch((request) => {
    if (request.path === '/payments/public-key') {
      return jsonResponse(200, { data: { publicKey: key.publicKeyPem, algorithm: 'RSA-OAEP-256' } });
    }
    if (request.path === '/web/sign-up-settings') {
      return jsonResponse(200, {
        data: {
          videoUrl: null,
          marketingUrl: null,
          officePhone: '2145550100',
          officeHours: OFFICE_HOURS,
          billingCharges: 'check-out',
        },
      });
    }
    if (request.path === '/web/customers') return order(request);
    return jsonResponse(404, { message: 'Not found' });
  });
}

type User = ReturnType<typeof renderBilling>['user'];

/** Both address sets copy the service address, and the e-check tab is filled in with `routing`. */
async function fillECheck(user: User, routing = '110000000') {
  for (const group of ['Billing address', 'Mailing address']) {
    await user.click(
      within(screen.getByRole('group', { name: group })).getByRole('checkbox', {
        name: SIGN_UP_MESSAGES.sameAsService,
      }),
    );
  }
  await user.click(screen.getByRole('tab', { name: 'E-Check (5th Mow Free)' }));
  await user.type(screen.getByRole('textbox', { name: 'Name on account' }), 'Ann Lee');
  await user.type(screen.getByRole('textbox', { name: 'Routing number' }), routing);
  await user.type(screen.getByRole('textbox', { name: 'Account number' }), '000123456789');
  await user.type(screen.getByRole('textbox', { name: 'Verify account number' }), '000123456789');
  await user.click(await screen.findByRole('checkbox', { name: /^I authorize these charges:/ }));
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
    lotSizeId: 1,
    firstName: 'Ann',
    lastName: 'Lee',
    serviceDate: '2049-06-01',
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

describe('the sign-up billing, sending the order', () => {
  it('marks a routing number its checksum refuses, and sends nothing', async () => {
    const { requests } = fakeApi(() => jsonResponse(201, { message: 'ok', data: { accountNumber: '1' } }));
    const { user } = renderBilling();
    await fillECheck(user, '110000001');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('textbox', { name: 'Routing number' })).toHaveAccessibleDescription(
      PAYMENT_MESSAGES.routingInvalid,
    );
    expect(requests.some((request) => request.path === '/web/customers')).toBe(false);
  });

  it('shows a payment field the server refused at that field, on this page', async () => {
    fakeApi(() =>
      jsonResponse(400, {
        message: 'The given data was invalid.',
        errors: { 'order.payment.checkRoutingNumber': [PAYMENT_MESSAGES.routingInvalid] },
      }),
    );
    const { user } = renderBilling();
    await fillECheck(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Routing number' })).toHaveAccessibleDescription(
        PAYMENT_MESSAGES.routingInvalid,
      ),
    );
    expect(screen.queryByText('The given data was invalid.')).not.toBeInTheDocument();
  });

  it('sends the customer back to their details when the server refused one, shown at its field there', async () => {
    fakeApi(() =>
      jsonResponse(400, {
        message: 'The given data was invalid.',
        errors: { email: [CUSTOMER_MESSAGES.emailTaken] },
      }),
    );
    const { user } = renderBilling();
    await fillECheck(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Tell us about you' })).toBeInTheDocument();
    expect(signUpStore.getState().refusedFields).toEqual({ email: CUSTOMER_MESSAGES.emailTaken });
  });

  it('sends the customer back to the start date when its last mow was taken meanwhile, with the free days', async () => {
    const refusal = 'That start date has no free mows left. Free days: 05/08/2026, 05/11/2026';
    fakeApi(() => jsonResponse(409, { message: refusal, errors: { serviceDate: [refusal] } }));
    const { user } = renderBilling();
    await fillECheck(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Tell us about you' })).toBeInTheDocument();
    expect(signUpStore.getState().refusedFields).toEqual({ serviceDate: refusal });
  });

  it("sends the order only with the customer's acceptance of the charges, which says when they are charged", async () => {
    const orders: unknown[] = [];
    fakeApi((request) => {
      orders.push(request.body);
      return jsonResponse(400, { message: PAYMENT_MESSAGES.refused });
    });
    const { user } = renderBilling();
    await fillECheck(user);
    const box = screen.getByRole('checkbox', { name: /^I authorize these charges:/ });
    expect(box).toHaveAccessibleName(
      `${AUTHORIZATION_MESSAGES.customerLabel} ${chargeAuthorizationText('eCheck', { pricePerMow: null, billingCharges: 'check-out' })}`,
    );
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.required)).toBeInTheDocument();
    expect(orders).toEqual([]);

    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toMatchObject({ order: { payment: { paymentOption: 1, authorizationAccepted: true } } });
  });

  it("names the office's phone when the card or account is declined", async () => {
    fakeApi(() => jsonResponse(400, { message: PAYMENT_MESSAGES.refused }));
    const { user } = renderBilling();
    await fillECheck(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.refusedCallOffice('+1 (214) 555-0100'))).toBeInTheDocument();
  });
});
