import {
  CUSTOMER_MESSAGES,
  NEW_CUSTOMER_MESSAGES,
  PAYMENT_MESSAGES,
  PAYMENT_OPTION,
  type PaymentMethodChange,
} from '@lawn/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../../test/fake-fetch';
import { renderRoutes, signIn } from '../../../test/render';
import { RESULT_DELAY_MS, useNewCustomerWizard } from '../use-new-customer-wizard';
import { initialWizardValues } from '../wizard-values';
import { NewCustomerWizard } from './NewCustomerWizard';
import { SERVED_AREA } from './wizard.test-fixtures';

/** An e-check as the card step hands it over (its numbers already encrypted). */
const PAYMENT: PaymentMethodChange = {
  paymentOption: PAYMENT_OPTION.eCheck,
  checkNameOnAccount: 'Dana Reyes',
  checkRoutingNumber: 'encrypted-routing',
  checkAccountNumber: 'encrypted-account',
};

/** The wizard on its Card info step, its earlier steps taken as filled in (the server's answer is faked). */
function WizardOnCardStep() {
  const wizard = useNewCustomerWizard(async () => PAYMENT);
  const { change } = wizard;
  useEffect(() => change({ isZipValid: true, firstName: 'Dana', lastName: 'Reyes' }), [change]);
  return <NewCustomerWizard wizard={wizard} cardStep={<p>Card fields</p>} />;
}

function FreshWizard() {
  const wizard = useNewCustomerWizard(async () => PAYMENT);
  return <NewCustomerWizard wizard={wizard} cardStep={<p>Card fields</p>} />;
}

const SAME_AS_SERVICE = initialWizardValues(null).billing;

let requests: FakeRequest[];
const creates = () => requests.filter((request) => request.method === 'POST' && request.path === '/customers');

beforeEach(() => {
  signIn();
  ({ requests } = installFakeFetch((request) =>
    request.method === 'POST' && request.path === '/customers'
      ? jsonResponse(201, { message: 'Created', data: { accountNumber: '2026000123', id: 41, customerId: 88 } })
      : jsonResponse(404, { message: 'Not found' }),
  ));
});

describe('Save', () => {
  it('cannot create a second customer while the result is on its way', async () => {
    const { user } = renderRoutes([{ path: '/', element: <WizardOnCardStep /> }], ['/?step=5']);
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.click(save);
    await waitFor(() => expect(creates()).toHaveLength(1));
    // The server has answered; the result screen follows a moment later. A second press meanwhile creates nothing.
    await new Promise((resolve) => setTimeout(resolve, RESULT_DELAY_MS / 4));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(NEW_CUSTOMER_MESSAGES.created, undefined, { timeout: RESULT_DELAY_MS * 3 }),
    ).toBeInTheDocument();
    expect(creates()).toHaveLength(1);
  });
});

describe('a declined card', () => {
  it('keeps every step and the Card info step says why; the next Save, with a new key, creates', async () => {
    let isDeclined = true;
    ({ requests } = installFakeFetch((request) => {
      if (request.method !== 'POST' || request.path !== '/customers')
        return jsonResponse(404, { message: 'Not found' });
      if (isDeclined) return jsonResponse(400, { message: PAYMENT_MESSAGES.refused });
      return jsonResponse(201, { message: 'Created', data: { accountNumber: '2026000123', id: 41, customerId: 88 } });
    }));
    const { user, router } = renderRoutes([{ path: '/', element: <WizardOnCardStep /> }], ['/?step=5']);
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.refused);
    expect(screen.getByRole('heading', { name: 'Card info' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?step=5');
    expect(screen.queryByText(NEW_CUSTOMER_MESSAGES.notRegistered)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Dana');
    // Forward again as the browser's history does (this test's earlier steps are not all filled in).
    await act(() => router.navigate('/?step=5'));

    isDeclined = false;
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(NEW_CUSTOMER_MESSAGES.created, undefined, { timeout: RESULT_DELAY_MS * 3 }),
    ).toBeInTheDocument();
    const [declined, created] = creates();
    expect(created?.body).toEqual(declined?.body);
    expect(created?.idempotencyKey).not.toBe(declined?.idempotencyKey);
  });
});

describe('Next', () => {
  it('shows the step’s messages from the shared rules, and a changed field’s message goes', async () => {
    const { user, router } = renderRoutes([{ path: '/', element: <FreshWizard /> }]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByText(NEW_CUSTOMER_MESSAGES.occupancyRequired)).toHaveLength(2);
    expect(screen.getByText(CUSTOMER_MESSAGES.zipRequired)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('checkbox', { name: 'The house is occupied' }));
    expect(screen.getAllByText(NEW_CUSTOMER_MESSAGES.occupancyRequired)).toHaveLength(1);
    expect(screen.getByText(CUSTOMER_MESSAGES.zipRequired)).toBeInTheDocument();
  });

  it('checks a zip typed key by key with the shared rule, and goes on once the step is valid', async () => {
    installFakeFetch((request) =>
      request.path === '/zip-code/75201'
        ? jsonResponse(200, { data: SERVED_AREA })
        : jsonResponse(404, { message: 'Not found' }),
    );
    const { user, router } = renderRoutes([{ path: '/', element: <FreshWizard /> }]);
    await user.click(screen.getByRole('checkbox', { name: 'The house is occupied' }));
    await user.click(screen.getByRole('checkbox', { name: /scheduled service/ }));
    const zip = screen.getByRole('textbox', { name: 'Zip code' });
    await user.type(zip, '7520');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(CUSTOMER_MESSAGES.zipInvalid)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    await user.type(zip, '1');
    expect(await screen.findByText(/Dallas serves 75201/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?step=1'));
    // The location step is a large form: finding it by role takes a while on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Your location' }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('Save', () => {
  it('checks the billing and mailing address sets with the payment, and creates nothing until they are valid', async () => {
    function WizardWithBillingAddress() {
      const wizard = useNewCustomerWizard(async () => PAYMENT);
      const { change } = wizard;
      useEffect(
        () => change({ isZipValid: true, billing: { ...SAME_AS_SERVICE, isSameAsService: false, zipcode: '7520' } }),
        [change],
      );
      return <NewCustomerWizard wizard={wizard} cardStep={<p>Card fields</p>} />;
    }
    const { user } = renderRoutes([{ path: '/', element: <WizardWithBillingAddress /> }], ['/?step=5']);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(creates()).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Card info' })).toBeInTheDocument();
  });
});
