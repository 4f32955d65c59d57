import { describe, expect, it } from 'vitest';
import { LEAD_MESSAGES, leadRequestSchema, type LeadRequest } from './lead.schema';

const lead: LeadRequest = {
  name: 'Robin Visitor',
  phone: '+1 (212) 555-0143',
  email: 'robin@example.com',
  serviceAddress: '1 Broadway',
  zipcode: '10001',
};

describe('leadRequestSchema', () => {
  it.each<[string, Partial<Record<keyof LeadRequest, unknown>>, Record<string, string>]>([
    ['a complete lead', {}, {}],
    ['the phone as digits', { phone: '2125550143' }, {}],
    ['no address (a quote link without one)', { serviceAddress: undefined }, {}],
    ['a blank name', { name: ' ' }, { name: LEAD_MESSAGES.nameRequired }],
    ['no phone', { phone: '' }, { phone: LEAD_MESSAGES.phoneRequired }],
    ['a short phone', { phone: '555-0143' }, { phone: LEAD_MESSAGES.phoneInvalid }],
    ['no e-mail', { email: '' }, { email: LEAD_MESSAGES.emailRequired }],
    ['a broken e-mail', { email: 'robin@' }, { email: LEAD_MESSAGES.emailInvalid }],
    ['a four-digit zip', { zipcode: '1000' }, { zipcode: LEAD_MESSAGES.zipInvalid }],
    ['a long name', { name: 'x'.repeat(101) }, { name: 'Max. 100 characters' }],
  ])('%s', (_description, change, expected) => {
    const result = leadRequestSchema.safeParse({ ...lead, ...change });
    const errors: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
    expect(errors).toEqual(expected);
  });

  it('refuses fields it does not know', () => {
    expect(leadRequestSchema.safeParse({ ...lead, marketId: 3 }).success).toBe(false);
  });
});
