import { describe, expect, it } from 'vitest';
import { DELETE_CUSTOMER_ROLES, hasRole, isStaffRole } from './roles';

describe('roles', () => {
  it.each([
    ['Admin', true],
    ['customer-service', true],
    ['crew', true],
    ['customers', false],
    ['root', false],
  ])('isStaffRole(%s) is %s', (role, expected) => {
    expect(isStaffRole(role)).toBe(expected);
  });

  it.each([
    ['Admin', true],
    ['Manager', true],
    ['Representative', false],
    ['customer-service', false],
  ])('only Admin and Manager may delete customers: %s -> %s', (role, expected) => {
    expect(hasRole(role, DELETE_CUSTOMER_ROLES)).toBe(expected);
  });
});
