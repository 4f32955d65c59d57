import { describe, expect, it } from 'vitest';
import { sortLastStepErrors } from './last-step-errors';

describe('sortLastStepErrors', () => {
  it('puts each refused field on the page that asks it, by that page’s own name', () => {
    expect(
      sortLastStepErrors({
        email: 'This email has already been registered',
        'order.serviceDate': 'Date cannot be in the past',
        'order.isTranpoline': 'Field is required',
        'signUp.disclaimerTrampoline': 'Release required',
        'order.payment.checkRoutingNumber': 'Routing number is not valid',
        'payment.creditCardExpirationMonth': 'Expiry date is not valid',
        'order.billing.zipcode': 'Zip code is required',
        'mailing.city': 'City is required',
        zipcode: 'This zip code is not in our service area',
      }),
    ).toEqual({
      customerInfo: {
        email: 'This email has already been registered',
        serviceDate: 'Date cannot be in the past',
        isTrampoline: 'Field is required',
        disclaimerTrampoline: 'Release required',
      },
      payment: {
        checkRoutingNumber: 'Routing number is not valid',
        creditCardExpirationMonth: 'Expiry date is not valid',
      },
      billing: { zipcode: 'Zip code is required' },
      mailing: { city: 'City is required' },
      others: ['This zip code is not in our service area'],
    });
  });

  it('keeps a field the pages do not ask among the others', () => {
    expect(sortLastStepErrors({ 'billing.poBox': 'Max. 10 characters' }).others).toEqual(['Max. 10 characters']);
  });
});
