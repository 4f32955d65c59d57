import { AUTHORIZATION_MESSAGES, type PaymentProperty } from '@lawn/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { renderWithProviders, signIn } from '../../../test/render';
import { ChargeAuthorizationSummary } from './ChargeAuthorizationSummary';

const property = (authorization: PaymentProperty['authorization']): PaymentProperty => ({
  id: 41,
  streetAddress: '12 Oak Lane',
  accountNumber: '500041',
  parentId: 9,
  customerName: 'Pat Doe',
  paymentMethod: {
    paymentType: 2,
    paymentTypeName: 'E-Check',
    cardType: null,
    cardTypeName: null,
    cardLastFour: null,
    cardExpirationMonth: null,
    cardExpirationYear: null,
    bankLastFour: '6789',
    billingName: 'Pat Doe',
    hasToken: true,
  },
  chargeTerms: { pricePerMow: 37.89, billingCharges: 'check-out' },
  authorization,
});

function render(authorization: PaymentProperty['authorization']) {
  signIn({ role: 'Admin', roles: ['Admin'] });
  installFakeFetch((request) =>
    request.path === '/customers/41/payment-method'
      ? jsonResponse(200, { data: property(authorization) })
      : jsonResponse(404, { message: 'Not found' }),
  );
  return renderWithProviders(<ChargeAuthorizationSummary propertyId={41} />);
}

describe('the charge authorization on the record', () => {
  it('shows when, by whom, through which channel and the words accepted', async () => {
    render({
      acceptedAt: '2026-11-22T18:00:00.000Z',
      acceptedBy: 'Pat Doe',
      channel: 'webAccount',
      textVersion: '2026-11-27',
      text: 'I authorize the lawn service to debit my checking account $37.89 (tax included) for each mow.',
    });
    const section = await screen.findByRole('region', { name: 'Charge authorization' });
    expect(section).toHaveTextContent(
      "Accepted by Pat Doe on Nov 22, 2026, 12:00 PM through Customer's web account (wording 2026-11-27)",
    );
    expect(section).toHaveTextContent('debit my checking account $37.89 (tax included) for each mow.');
  });

  it('says so when none is on file', async () => {
    render(null);
    expect(await screen.findByText(AUTHORIZATION_MESSAGES.none)).toBeInTheDocument();
  });
});
