import { describe, expect, it } from 'vitest';
import { publicNewCustomerSchema, staffNewCustomerSchema } from '../new-customers/new-customer.schema';
import { AUTHORIZATION_MESSAGES, chargeAuthorizationText } from './charge-authorization';
import { customerPaymentMethodChangeSchema, paymentMethodChangeSchema } from './payment.schema';

describe('chargeAuthorizationText', () => {
  it.each([
    [
      'card',
      37.89,
      'check-out',
      'charge my card $37.89 (tax included) for each mow, on the business day after each mow our crew completes',
    ],
    [
      'eCheck',
      1250,
      'schedule',
      'debit my checking account $1,250.00 (tax included) for each mow, on the business day after each scheduled mow',
    ],
    [
      'card',
      null,
      'schedule',
      'charge my card the price of each mow for each mow, on the business day after each scheduled mow',
    ],
    ['eCheck', 20, null, 'debit my checking account $20.00 (tax included) for each mow, after each mow, until'],
  ] as const)('a %s at %s billed on %s says what and when', (method, pricePerMow, billingCharges, expected) => {
    const text = chargeAuthorizationText(method, { pricePerMow, billingCharges });
    expect(text).toContain(expected);
    expect(text).toContain('I can withdraw this authorization by calling the office.');
  });
});

const card = {
  paymentOption: 0,
  nameOnCard: 'Pat Doe',
  creditCardNumber: 'A'.repeat(344),
  cardType: 4,
  creditCardExpirationMonth: 5,
  creditCardExpirationYear: 2030,
};
const eCheck = {
  paymentOption: 1,
  checkNameOnAccount: 'Pat Doe',
  checkRoutingNumber: '110000000',
  checkAccountNumber: 'A'.repeat(344),
};

describe("the customer's acceptance of the charges", () => {
  it.each([
    ['a card', card],
    ['an e-check', eCheck],
  ])('is required on %s changed on the web: missing or false is refused with its message', (_name, change) => {
    for (const accepted of [undefined, false]) {
      const result = customerPaymentMethodChangeSchema.safeParse({ ...change, authorizationAccepted: accepted });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['authorizationAccepted'], message: AUTHORIZATION_MESSAGES.required }),
      ]);
    }
    expect(customerPaymentMethodChangeSchema.safeParse({ ...change, authorizationAccepted: true }).success).toBe(true);
  });

  it('is optional for the office, which records it only when the customer gave it', () => {
    expect(paymentMethodChangeSchema.safeParse(card).success).toBe(true);
    expect(paymentMethodChangeSchema.safeParse({ ...eCheck, authorizationAccepted: true }).success).toBe(true);
    expect(paymentMethodChangeSchema.safeParse({ ...eCheck, authorizationAccepted: 'yes' }).success).toBe(false);
  });

  it('is required on the public sign-up and not on the office wizard', () => {
    const publicPayment = publicNewCustomerSchema.shape.payment;
    const staffPayment = staffNewCustomerSchema.shape.payment;
    expect(publicPayment.safeParse(eCheck).success).toBe(false);
    expect(publicPayment.safeParse({ ...eCheck, authorizationAccepted: true }).success).toBe(true);
    expect(staffPayment.safeParse(eCheck).success).toBe(true);
  });
});
