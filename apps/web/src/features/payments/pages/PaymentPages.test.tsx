import {
  AUTHORIZATION_MESSAGES,
  calendarDateIn,
  chargeAuthorizationText,
  IDENTITY_CHECK_MESSAGES,
  PAYMENT_MESSAGES,
  type PaymentProperty,
  OFFICE_HOURS,
} from '@lawn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { createTestPaymentKey } from '../../../test/payment-key';
import { LocationProbe, renderRoutes, signIn } from '../../../test/render';
import { PaymentConfigurationPage } from './PaymentConfigurationPage';
import { PaymentListPage } from './PaymentListPage';

const key = createTestPaymentKey();

function property(overrides: Partial<PaymentProperty> = {}): PaymentProperty {
  return {
    id: 41,
    streetAddress: '12 Oak Lane',
    accountNumber: '500041',
    parentId: 9,
    customerName: 'Pat Doe',
    paymentMethod: {
      paymentType: 1,
      paymentTypeName: 'Credit/Debit Card',
      cardType: 4,
      cardTypeName: 'Visa',
      cardLastFour: '4242',
      cardExpirationMonth: 5,
      cardExpirationYear: 2030,
      bankLastFour: null,
      billingName: 'Pat Doe',
      hasToken: true,
    },
    chargeTerms: { pricePerMow: 37.89, billingCharges: 'check-out' },
    authorization: null,
    ...overrides,
  };
}

const home = property();
const cabin = property({
  id: 42,
  streetAddress: '9 Pine Rd',
  accountNumber: '500042',
  paymentMethod: {
    ...home.paymentMethod,
    paymentType: 2,
    paymentTypeName: 'E-Check',
    cardType: null,
    cardTypeName: null,
    cardLastFour: null,
    cardExpirationMonth: null,
    cardExpirationYear: null,
    bankLastFour: '6789',
  },
});

type Answer = { status: number; body: unknown };

function fakeServer(
  change: (request: FakeRequest) => Answer = () => ({
    status: 200,
    body: { message: PAYMENT_MESSAGES.updated, data: home },
  }),
  /** What the customer routes say of the identity check: asked of a customer who came through a look-up. */
  identityCheck = false,
) {
  return installFakeFetch((request) => {
    if (request.path === '/payments/public-key') {
      return jsonResponse(200, { data: { publicKey: key.publicKeyPem, algorithm: 'RSA-OAEP-256' } });
    }
    if (request.path.endsWith('/payment-methods')) return jsonResponse(200, { data: [home, cabin] });
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
    if (request.path.endsWith('/payment-method')) {
      const data = request.path.includes('/42/') ? cabin : home;
      return jsonResponse(200, request.path.startsWith('/customer/') ? { data, identityCheck } : { data });
    }
    if (request.method === 'PATCH') {
      const answer = change(request);
      return jsonResponse(answer.status, answer.body);
    }
    if (request.path === '/customers/verify/account') {
      return jsonResponse(200, {
        data: request.query.get('account') === '500041' ? { exists: true, id: 41 } : { exists: false },
      });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
}

const staffRoutes = [
  { path: '/payment-list', element: <PaymentListPage audience="staff" /> },
  { path: '/payment-configuration', element: <PaymentConfigurationPage audience="staff" /> },
  { path: '/customer', element: <LocationProbe name="Customer list" /> },
  { path: '/edit-customer', element: <LocationProbe name="Customer record" /> },
];
const customerRoutes = [
  { path: '/web/account/payment-list', element: <PaymentListPage audience="customer" /> },
  { path: '/web/account/payment-configuration', element: <PaymentConfigurationPage audience="customer" /> },
  { path: '/external-account-number', element: <LocationProbe name="Account look-up" /> },
];

describe('the staff payment list', () => {
  beforeEach(() => signIn());

  it("lists the customer's properties from the id in the navigation state, and opens the form of one", async () => {
    const { requests } = fakeServer();
    const { user, router } = renderRoutes(staffRoutes, [{ pathname: '/payment-list', state: { id: 41 } }]);
    expect(await screen.findByRole('heading', { name: 'Payment information of Pat Doe' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Properties and their payment methods' });
    expect(within(table).getByText('Visa ending in 4242, expires 05/2030')).toBeInTheDocument();
    expect(within(table).getByText('E-Check account ending in 6789')).toBeInTheDocument();
    expect(requests[0]?.path).toBe('/customers/41/payment-methods');

    await user.click(screen.getByRole('button', { name: 'Edit payment information of 9 Pine Rd' }));
    expect(router.state.location.pathname).toBe('/payment-configuration');
    expect(router.state.location.state).toEqual({ id: 42 });
    // An e-check on file opens the E-Check tab.
    expect(await screen.findByRole('tab', { name: 'E-Check', selected: true })).toBeInTheDocument();
  });

  it('finds a customer by account number when opened from the menu', async () => {
    fakeServer();
    const { user, router } = renderRoutes(staffRoutes, ['/payment-list']);
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '999999');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.accountNotFound)).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Account number' }));
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '500041');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('heading', { name: 'Payment information of Pat Doe' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ id: 41 });
  });

  it('goes back with DONE', async () => {
    fakeServer();
    const { user, router } = renderRoutes(staffRoutes, [
      '/edit-customer?record=41',
      { pathname: '/payment-list', state: { id: 41 } },
    ]);
    await screen.findByRole('heading', { name: 'Payment information of Pat Doe' });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(router.state.location.pathname).toBe('/edit-customer');
  });

  it('says why the properties could not be loaded', async () => {
    installFakeFetch(() => jsonResponse(404, { message: PAYMENT_MESSAGES.propertyNotFound }));
    renderRoutes(staffRoutes, [{ pathname: '/payment-list', state: { id: 41 } }]);
    expect(await screen.findByText(/The properties could not be loaded: Property not found/)).toBeInTheDocument();
  });
});

describe('the payment form', () => {
  beforeEach(() => signIn());

  const openForm = (id = 41) =>
    renderRoutes(staffRoutes, ['/payment-list', { pathname: '/payment-configuration', state: { id } }]);

  it('selects the card type from the first digit and offers this year and the nine after it', async () => {
    fakeServer();
    const { user } = openForm();
    const number = await screen.findByRole('textbox', { name: 'Card number' });
    await user.type(number, '3782');
    expect(screen.getByRole('combobox', { name: 'Card type' })).toHaveTextContent('American Express');
    await user.clear(number);
    await user.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByRole('combobox', { name: 'Card type' })).toHaveTextContent('Visa');
    await user.click(screen.getByRole('combobox', { name: 'Expiry year' }));
    const year = Number(calendarDateIn(new Date()).slice(0, 4));
    const years = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(years).toEqual(Array.from({ length: 10 }, (_, index) => String(year + index)));
  });

  it('sends the card encrypted with an Idempotency-Key, says so and goes back to the list', async () => {
    const { requests, fetchMock } = fakeServer();
    const { user, router } = openForm();
    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), '5555555555554444');
    await user.click(screen.getByRole('combobox', { name: 'Expiry month' }));
    await user.click(screen.getByRole('option', { name: '12' }));
    await user.click(screen.getByRole('combobox', { name: 'Expiry year' }));
    const year = String(Number(calendarDateIn(new Date()).slice(0, 4)) + 2);
    await user.click(screen.getByRole('option', { name: year }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(PAYMENT_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-list'));
    expect(router.state.location.state).toEqual({ id: 41 });
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.path).toBe('/customers/41/update-credit-card');
    const body = patch?.body as Record<string, unknown>;
    expect(body).toEqual({
      paymentOption: 0,
      nameOnCard: 'Pat Doe',
      creditCardNumber: expect.any(String),
      cardType: 5,
      creditCardExpirationMonth: 12,
      creditCardExpirationYear: Number(year),
      // The office's box left unticked: no acceptance recorded.
      authorizationAccepted: false,
    });
    expect(JSON.stringify(body)).not.toContain('5555');
    expect(key.decrypt(String(body.creditCardNumber))).toBe('5555555555554444');
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(new Headers(call?.[1]?.headers).get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('refuses a number failing its checks before anything is sent', async () => {
    const { requests } = fakeServer();
    const { user } = openForm();
    await user.type(await screen.findByRole('textbox', { name: 'Card number' }), '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.cardNumberInvalid)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.cardMonthRequired)).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it("checks the e-check's account twice ('Do not match') and sends the account encrypted", async () => {
    const { requests } = fakeServer();
    const { user } = openForm();
    await user.click(await screen.findByRole('tab', { name: 'E-Check' }));
    expect(screen.getByText(PAYMENT_MESSAGES.eCheckFifthMowFree)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Routing number' }), '110000000');
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '000123456789');
    await user.type(screen.getByRole('textbox', { name: 'Verify account number' }), '000123456788');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Do not match')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: 'Verify account number' }));
    await user.type(screen.getByRole('textbox', { name: 'Verify account number' }), '000123456789');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    const body = requests.find((request) => request.method === 'PATCH')?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([
      'authorizationAccepted',
      'checkAccountNumber',
      'checkNameOnAccount',
      'checkRoutingNumber',
      'paymentOption',
    ]);
    expect(key.decrypt(String(body.checkAccountNumber))).toBe('000123456789');
  });

  it("shows the server's refusal in the 'Error' dialog and stays on the form", async () => {
    fakeServer(() => ({ status: 400, body: { message: PAYMENT_MESSAGES.refused } }));
    const { user, router } = openForm();
    await user.click(await screen.findByRole('tab', { name: 'E-Check' }));
    await user.type(screen.getByRole('textbox', { name: 'Routing number' }), '110000000');
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '000222222227');
    await user.type(screen.getByRole('textbox', { name: 'Verify account number' }), '000222222227');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText(PAYMENT_MESSAGES.refused)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(router.state.location.pathname).toBe('/payment-configuration');
  });

  it('goes back to the list with the back arrow, and to the list without a property', async () => {
    fakeServer();
    const { user, router } = openForm();
    await user.click(await screen.findByRole('button', { name: 'Back to the payment list' }));
    expect(router.state.location.pathname).toBe('/payment-list');
    const bare = renderRoutes(staffRoutes, ['/payment-configuration']);
    await waitFor(() => expect(bare.router.state.location.pathname).toBe('/payment-list'));
  });
});

describe("the customer's own payment pages", () => {
  beforeEach(() => signIn({ role: 'customers', roles: ['customers'] }));

  it('lists their properties from the customer routes, and DONE goes to the account look-up', async () => {
    const { requests } = fakeServer();
    const { user, router } = renderRoutes(customerRoutes, ['/web/account/payment-list']);
    expect(await screen.findByText('12 Oak Lane')).toBeInTheDocument();
    expect(requests[0]?.path).toBe('/customer/payment-methods');
    await user.click(screen.getByRole('button', { name: 'Edit payment information of 12 Oak Lane' }));
    expect(router.state.location.pathname).toBe('/web/account/payment-configuration');
    await screen.findByRole('textbox', { name: 'Card number' });
    expect(requests.map((request) => request.path)).toContain('/customer/41/payment-method');
    await user.click(screen.getByRole('button', { name: 'Back to the payment list' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(router.state.location.pathname).toBe('/external-account-number');
  });
});

describe('the payment form after a look-up', () => {
  beforeEach(() => signIn({ role: 'customers', roles: ['customers'] }));

  const openForm = () =>
    renderRoutes(customerRoutes, [
      '/web/account/payment-list',
      { pathname: '/web/account/payment-configuration', state: { id: 41 } },
    ]);

  async function fillECheck(user: ReturnType<typeof openForm>['user']) {
    await user.click(await screen.findByRole('tab', { name: 'E-Check' }));
    await user.type(screen.getByRole('textbox', { name: 'Routing number' }), '110000000');
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '000123456789');
    await user.type(screen.getByRole('textbox', { name: 'Verify account number' }), '000123456789');
    await user.click(screen.getByRole('checkbox', { name: /^I authorize these charges:/ }));
  }

  it('says what will be charged and when, and sends nothing until the customer accepts it', async () => {
    const { requests } = fakeServer(undefined, false);
    const { user } = openForm();
    await user.click(await screen.findByRole('tab', { name: 'E-Check' }));
    const box = screen.getByRole('checkbox', { name: /^I authorize these charges:/ });
    expect(box).toHaveAccessibleName(
      `${AUTHORIZATION_MESSAGES.customerLabel} ${chargeAuthorizationText('eCheck', home.chargeTerms)}`,
    );
    expect(box).toHaveAccessibleName(/debit my checking account \$37\.89 \(tax included\) for each mow/);
    await user.type(screen.getByRole('textbox', { name: 'Routing number' }), '110000000');
    await user.type(screen.getByRole('textbox', { name: 'Account number' }), '000123456789');
    await user.type(screen.getByRole('textbox', { name: 'Verify account number' }), '000123456789');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.required)).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(AUTHORIZATION_MESSAGES.required);
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    await user.click(box);
    expect(screen.queryByText(AUTHORIZATION_MESSAGES.required)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    expect(requests.find((request) => request.method === 'PATCH')?.body).toMatchObject({
      paymentOption: 1,
      authorizationAccepted: true,
    });
  });

  it('asks for the service zip code and the last four digits of the phone, and sends them', async () => {
    const { requests } = fakeServer(undefined, true);
    const { user } = openForm();
    await fillECheck(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(IDENTITY_CHECK_MESSAGES.zipRequired)).toBeInTheDocument();
    expect(screen.getByText(IDENTITY_CHECK_MESSAGES.phoneLastFourRequired)).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Service zip code' }), '7520');
    await user.type(screen.getByRole('textbox', { name: 'Last four digits of your phone' }), '142');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(IDENTITY_CHECK_MESSAGES.zipInvalid)).toBeInTheDocument();
    expect(screen.getByText(IDENTITY_CHECK_MESSAGES.phoneLastFourInvalid)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Service zip code' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Last four digits of your phone' }), '2');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.path).toBe('/customer/41/update-credit-card');
    expect(patch?.body).toMatchObject({ paymentOption: 1, serviceZipCode: '75201', phoneLastFour: '1422' });
  });

  it("names the office's phone when the card or account is declined", async () => {
    fakeServer(() => ({ status: 400, body: { message: PAYMENT_MESSAGES.refused } }));
    const { user } = renderRoutes(customerRoutes, [
      { pathname: '/web/account/payment-configuration', state: { id: 41 } },
    ]);
    await fillECheck(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText(PAYMENT_MESSAGES.refusedCallOffice('+1 (214) 555-0100'))).toBeInTheDocument();
  });

  it('shows a refused identity check beside its fields and in the dialog', async () => {
    const mismatch = IDENTITY_CHECK_MESSAGES.mismatch;
    fakeServer(
      () => ({
        status: 400,
        body: { message: mismatch, errors: { serviceZipCode: [mismatch], phoneLastFour: [mismatch] } },
      }),
      true,
    );
    const { user, router } = openForm();
    await fillECheck(user);
    await user.type(screen.getByRole('textbox', { name: 'Service zip code' }), '75209');
    await user.type(screen.getByRole('textbox', { name: 'Last four digits of your phone' }), '9999');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText(mismatch)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Service zip code' })).toHaveAccessibleDescription(mismatch);
    expect(screen.getByRole('textbox', { name: 'Last four digits of your phone' })).toHaveAccessibleDescription(
      mismatch,
    );
    expect(router.state.location.pathname).toBe('/web/account/payment-configuration');
  });

  it('is not asked of a customer signed in to their web account', async () => {
    const { requests } = fakeServer(undefined, false);
    const { user } = openForm();
    await fillECheck(user);
    expect(screen.queryByRole('textbox', { name: 'Service zip code' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    const body = requests.find((request) => request.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('serviceZipCode');
  });
});
