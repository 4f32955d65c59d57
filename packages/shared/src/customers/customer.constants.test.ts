import { describe, expect, it } from 'vitest';
import { IN_SERVICE_STATUSES } from '../schedule/service-plan';
import {
  CUSTOMER_LIST_DEFAULT_FILTERS,
  CUSTOMER_STATUS,
  CUSTOMER_STATUSES,
  isApprovedOrderStatus,
  ORDER_STATUS,
  ORDER_STATUSES,
} from './customer.constants';

describe('status vocabularies', () => {
  it('label every named code, and name every labelled code', () => {
    expect(Object.keys(CUSTOMER_STATUSES).map(Number).sort()).toEqual(Object.values(CUSTOMER_STATUS).sort());
    expect(Object.keys(ORDER_STATUSES).map(Number).sort()).toEqual(Object.values(ORDER_STATUS).sort());
    expect(CUSTOMER_STATUSES[CUSTOMER_STATUS.cardDeclined]).toBe('Card declined');
    expect(ORDER_STATUSES[ORDER_STATUS.approved]).toBe('Approved');
  });

  it('serve Active Customer, No mailer and Stewart only', () => {
    expect(IN_SERVICE_STATUSES.map((code) => CUSTOMER_STATUSES[code])).toEqual([
      'Active Customer',
      'No mailer',
      'Stewart',
    ]);
  });

  it('list approved, active customers by default, as query text', () => {
    expect(CUSTOMER_LIST_DEFAULT_FILTERS).toEqual({ statusOrders: '1', status: '1' });
  });

  it.each([
    [ORDER_STATUS.pending, false],
    [ORDER_STATUS.approved, true],
    [ORDER_STATUS.rejected, false],
  ])('mark order status %i approved: %s', (statusOrders, isApproved) => {
    expect(isApprovedOrderStatus(statusOrders)).toBe(isApproved);
  });
});
