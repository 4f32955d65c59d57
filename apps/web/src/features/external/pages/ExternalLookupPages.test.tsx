import { EXTERNAL_MESSAGES, type ExternalAccount } from '@lawn/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appStore } from '../../../lib/app-store';
import { installFakeFetch, jsonResponse, withoutPublicSettings } from '../../../test/fake-fetch';
import { LocationProbe, renderRoutes, signIn } from '../../../test/render';
import { ExternalAccountNumberPage } from './ExternalAccountNumberPage';
import { ExternalSearchPhonePage } from './ExternalSearchPhonePage';

const account = (overrides: Partial<ExternalAccount> = {}): ExternalAccount => ({
  accessToken: 'external-token-1',
  authType: 'Bearer',
  expiresIn: 3600,
  propertyId: 11,
  firstName: 'Rosa',
  contactNumber: '5125550177',
  weekDay: 3,
  accountNumber: 'AUS-7001',
  costService: 43.3,
  serviceAddress: '12 Elm Street',
  ...overrides,
});

const routes = [
  { path: '/external-search-phone', Component: ExternalSearchPhonePage },
  { path: '/external-account-number', Component: ExternalAccountNumberPage },
  { path: '/external-calendar', element: <LocationProbe name="Calendar" /> },
  { path: '/web/account/payment-list', element: <LocationProbe name="Payment list" /> },
];

describe('ExternalSearchPhonePage', () => {
  it('checks the number before asking the server', async () => {
    const { requests } = installFakeFetch(() => jsonResponse(500, {}));
    const { user } = renderRoutes(routes, ['/external-search-phone']);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(EXTERNAL_MESSAGES.phoneRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone number'), '51255{Enter}');
    expect(await screen.findByText(EXTERNAL_MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(withoutPublicSettings(requests)).toHaveLength(0);
  });

  it('opens the calendar with every property found, holding the first token as the session', async () => {
    signIn({ role: 'Manager' });
    const accounts = [account(), account({ propertyId: 12, accessToken: 'external-token-2' })];
    const { requests } = installFakeFetch(() => jsonResponse(200, { data: accounts }));
    const { user } = renderRoutes(routes, ['/external-search-phone']);
    await user.type(screen.getByLabelText('Phone number'), '5125550177{Enter}');

    expect(await screen.findByRole('heading', { name: 'Calendar' })).toBeInTheDocument();
    expect(JSON.parse(screen.getByLabelText('route state').textContent ?? 'null')).toEqual({ accounts });
    // The look-up goes without the earlier session's token, and replaces that session.
    expect(withoutPublicSettings(requests)[0]).toMatchObject({
      method: 'POST',
      path: '/external/search-phone',
      body: { contact_number: '5125550177' },
      authorization: null,
    });
    expect(appStore.getState().user).toMatchObject({
      accessToken: 'external-token-1',
      refreshToken: null,
      role: 'customers',
      firstName: 'Rosa',
    });
  });

  it("shows the server's message inline when the number is not found", async () => {
    installFakeFetch(() => jsonResponse(401, { message: EXTERNAL_MESSAGES.notFound }));
    const { user } = renderRoutes(routes, ['/external-search-phone']);
    await user.type(screen.getByLabelText('Phone number'), '5125550100{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(EXTERNAL_MESSAGES.notFound);
    expect(appStore.getState().user.accessToken).toBeNull();
  });
});

describe('ExternalSearchPhonePage with a phone several customers share', () => {
  it('asks for the account number as well, and sends both', async () => {
    const { requests } = installFakeFetch((request) => {
      const body = request.body as { account_number?: string };
      if (body.account_number === undefined) {
        return jsonResponse(400, {
          message: EXTERNAL_MESSAGES.phoneShared,
          errors: { account_number: [EXTERNAL_MESSAGES.phoneShared] },
        });
      }
      return jsonResponse(200, { data: [account({ accountNumber: body.account_number })] });
    });
    const { user } = renderRoutes(routes, ['/external-search-phone']);
    expect(screen.queryByLabelText('Account number')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone number'), '5125550190{Enter}');
    const accountField = await screen.findByRole('textbox', { name: 'Account number' });
    expect(accountField).toHaveAccessibleDescription(EXTERNAL_MESSAGES.phoneShared);
    expect(accountField).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(EXTERNAL_MESSAGES.accountNumberRequired)).toBeInTheDocument();
    await user.type(accountField, '482133776510{Enter}');
    expect(await screen.findByText(EXTERNAL_MESSAGES.accountNumberInvalid)).toBeInTheDocument();
    expect(withoutPublicSettings(requests)).toHaveLength(1);

    await user.clear(accountField);
    await user.type(accountField, 'SHR-1{Enter}');
    expect(await screen.findByRole('heading', { name: 'Calendar' })).toBeInTheDocument();
    expect(withoutPublicSettings(requests)[1]?.body).toEqual({ contact_number: '5125550190', account_number: 'SHR-1' });
  });
});

describe('ExternalAccountNumberPage', () => {
  it('checks the account number before asking the server', async () => {
    const { requests } = installFakeFetch(() => jsonResponse(500, {}));
    const { user } = renderRoutes(routes, ['/external-account-number']);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(EXTERNAL_MESSAGES.accountNumberRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Account number'), 'AUS{Enter}');
    expect(await screen.findByText(EXTERNAL_MESSAGES.accountNumberMin)).toBeInTheDocument();
    expect(withoutPublicSettings(requests)).toHaveLength(0);
  });

  it("leads to the customer's payment list with the property's token", async () => {
    const { requests } = installFakeFetch(() => jsonResponse(200, { data: account() }));
    const { user } = renderRoutes(routes, ['/external-account-number']);
    await user.type(screen.getByLabelText('Account number'), 'AUS-7001{Enter}');
    expect(await screen.findByRole('heading', { name: 'Payment list' })).toBeInTheDocument();
    expect(withoutPublicSettings(requests)[0]).toMatchObject({
      path: '/external/login-account',
      body: { account_number: 'AUS-7001' },
    });
    expect(appStore.getState().user).toMatchObject({ accessToken: 'external-token-1', role: 'customers' });
  });

  it("shows the server's message, or a general one when no answer came", async () => {
    installFakeFetch(() => jsonResponse(401, { message: EXTERNAL_MESSAGES.notFound }));
    const { user } = renderRoutes(routes, ['/external-account-number']);
    await user.type(screen.getByLabelText('Account number'), 'NOPE-0000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(EXTERNAL_MESSAGES.notFound);

    installFakeFetch(() => jsonResponse(502, '<html>Bad gateway</html>'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(EXTERNAL_MESSAGES.unexpected)).toBeInTheDocument();
  });

  it('says so when the answer carries no token, and stays on the page', async () => {
    installFakeFetch(() => jsonResponse(200, { data: account({ accessToken: '' }) }));
    const { user } = renderRoutes(routes, ['/external-account-number']);
    await user.type(screen.getByLabelText('Account number'), 'AUS-7001{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(EXTERNAL_MESSAGES.tokenMissing);
    expect(appStore.getState().user.accessToken).toBeNull();
  });
});
