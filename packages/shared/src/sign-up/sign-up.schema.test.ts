import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EMPTY_PROPERTY_ANSWERS } from './property-questions';
import { NEW_CUSTOMER_MESSAGES } from '../new-customers/new-customer.constants';
import { PAYMENT_MESSAGES } from '../payments/payment.schema';
import { lotCardTurfLabel, SIGN_UP_MESSAGES as M } from './sign-up.constants';
import {
  earliestSignUpStartDate,
  signUpAddressSchema,
  signUpCardFormSchema,
  signUpCustomerInfoSchema,
  signUpECheckFormSchema,
  signUpStartDateProblem,
} from './sign-up.schema';

/** Friday 2026-11-20: the next business day is Monday 11-23; Thanksgiving is Thursday 11-26. */
const TODAY = '2026-11-20';

const validInfo = {
  firstName: 'Ann',
  lastName: 'Lee',
  contactNumber: '+1 (214) 555-0100',
  isCellphone: 'Yes',
  email: 'ann@example.com',
  scheduleService: 'scheduled',
  serviceDate: '2026-11-23',
  ...EMPTY_PROPERTY_ANSWERS,
  grassOvergrown: 'No',
  isCommunityGate: 'No',
  isBackyardGate: 'No',
  isFlowerBeds: 'No',
  isPetsBackyard: 'No',
  isFencePlastic: 'No',
  isAboveGroundPool: 'No',
  isTrampoline: 'No',
  specialReq: '',
  about: 1,
  aboutOption: 'Google',
};

function messages(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('signUpStartDateProblem', () => {
  it.each([
    ['2026-11-23', undefined],
    ['2026-11-24', undefined],
    ['2026-11-20', NEW_CUSTOMER_MESSAGES.dateInPast],
    ['2026-11-21', NEW_CUSTOMER_MESSAGES.dateInPast],
    ['2026-11-01', NEW_CUSTOMER_MESSAGES.dateInPast],
    ['2026-11-28', NEW_CUSTOMER_MESSAGES.dateNotBusinessDay],
    ['2026-11-26', NEW_CUSTOMER_MESSAGES.dateNotBusinessDay],
    ['2051-01-02', NEW_CUSTOMER_MESSAGES.dateBeyondMax],
    ['2026-02-30', M.startDateInvalid],
    ['tomorrow', M.startDateInvalid],
  ])('%s: %s', (date, problem) => {
    expect(signUpStartDateProblem(date, TODAY)).toBe(problem);
  });
});

describe('signUpCustomerInfoSchema', () => {
  const schema = signUpCustomerInfoSchema(TODAY);

  it('accepts a complete form', () => {
    expect(messages(schema.safeParse(validInfo))).toEqual({});
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['no contact number', { contactNumber: '' }, { contactNumber: M.contactNumberRequired }],
    ['a short phone', { contactNumber: '214 555' }, { contactNumber: M.phoneInvalid }],
    ['no e-mail', { email: '' }, { email: M.required }],
    ['a bad e-mail', { email: 'ann@' }, { email: M.emailInvalid }],
    ['one-time service', { scheduleService: 'oneTime' }, { scheduleService: M.oneTimeRefused }],
    ['a Saturday start', { serviceDate: '2026-11-28' }, { serviceDate: NEW_CUSTOMER_MESSAGES.dateNotBusinessDay }],
    ['fence unanswered', { isFencePlastic: '' }, { isFencePlastic: M.checkboxRequired }],
    ['pool unanswered', { isAboveGroundPool: undefined }, { isAboveGroundPool: M.checkboxRequired }],
    [
      'a trampoline without the release',
      { isTrampoline: 'Yes', disclaimerTrampoline: 'No' },
      { disclaimerTrampoline: M.liabilityRefused },
    ],
    [
      'a pool with no answer to the release',
      { isAboveGroundPool: 'Yes' },
      { disclaimerAboveGroundPool: M.liabilityRefused },
    ],
    ['a gate code without a gate', { communityCode: '1234' }, { communityCode: M.required }],
    ['a how-heard option of another choice', { about: 2, aboutOption: 'Google' }, { aboutOption: M.required }],
    ['an unknown how-heard code', { about: 7 }, { about: M.required, aboutOption: M.required }],
    ['a long special request', { specialReq: 'x'.repeat(501) }, { specialReq: 'Max. 500 characters' }],
  ])('%s', (_description, change, expected) => {
    expect(messages(schema.safeParse({ ...validInfo, ...change }))).toEqual(expected);
  });

  it('asks for the gate codes of a community gate and a locked backyard gate', () => {
    const result = schema.safeParse({ ...validInfo, isCommunityGate: 'Yes', isBackyardGate: 'Yes', isItLocked: 'Yes' });
    expect(messages(result)).toEqual({ communityCode: M.gateCodeRequired, gateCode: M.gateCodeRequired });
  });

  it('accepts the follow-ups under a Yes', () => {
    const result = schema.safeParse({
      ...validInfo,
      isBackyardGate: 'Yes',
      isItLocked: 'Yes',
      gateCode: '4455',
      isBackyardComboLock: 'No',
      isPetsBackyard: 'Yes',
      isPetNoTrouble: 'yes_knock',
      isFencePlastic: 'Yes',
      disclaimerFencePlastic: 'Yes',
    });
    expect(messages(result)).toEqual({});
  });
});

describe('signUpAddressSchema', () => {
  it.each([
    ['TX', {}],
    ['DC', {}],
    ['PR', {}],
    ['XX', { state: M.stateRequired }],
    ['', { state: M.stateRequired }],
  ])('state %s', (state, expected) => {
    expect(
      messages(signUpAddressSchema.safeParse({ address: '1 Main St', city: 'Dallas', zipcode: '75201', state })),
    ).toEqual(expected);
  });
});

describe('signUpCardFormSchema', () => {
  const card = {
    nameOnCard: 'Ann Lee',
    cardType: 4,
    creditCardExpirationMonth: 5,
    creditCardExpirationYear: 2030,
  };
  it.each([
    ['4242 4242 4242 4242', undefined],
    ['3782 822463 10005', undefined],
    ['4222222222222', M.cardInvalid],
    ['3782 822463 1000', M.cardInvalid],
    ['4242 4242 4242 4241', M.cardInvalid],
    ['', M.cardRequired],
  ])('%s: %s', (creditCardNumber, message) => {
    expect(messages(signUpCardFormSchema.safeParse({ ...card, creditCardNumber })).creditCardNumber).toBe(message);
  });
  it.each([
    ['Ann Lee', undefined],
    ['Ann Lee 3rd', undefined],
    ['', M.cardRequired],
    ['Ann 4242424', PAYMENT_MESSAGES.nameHasNumber],
    ['4242 4242 4242 4242', PAYMENT_MESSAGES.nameHasNumber],
  ])('name on card %j: %s', (nameOnCard, message) => {
    const parsed = signUpCardFormSchema.safeParse({ ...card, creditCardNumber: '4242424242424242', nameOnCard });
    expect(messages(parsed).nameOnCard).toBe(message);
  });
});

describe('earliestSignUpStartDate', () => {
  it.each([
    // Friday afternoon in Chicago: Monday.
    ['2026-11-20T20:00:00Z', '2026-11-23'],
    // Friday 11pm in Chicago is already Saturday in UTC: still Monday, from the business's own day.
    ['2026-11-21T05:00:00Z', '2026-11-23'],
    // Wednesday before Thanksgiving: Friday, the holiday skipped.
    ['2026-11-25T15:00:00Z', '2026-11-27'],
    ['2026-05-04T15:00:00Z', '2026-05-05'],
  ])('at %s: %s', (now, earliest) => {
    expect(earliestSignUpStartDate(new Date(now))).toBe(earliest);
  });
});

describe('signUpECheckFormSchema', () => {
  const eCheck = {
    checkNameOnAccount: 'Ann Lee',
    checkRoutingNumber: '111000025',
    checkAccountNumber: '123456789',
    checkAccountNumberVerify: '123456789',
  };
  it.each<[Record<string, string>, Record<string, string>]>([
    [{}, {}],
    [
      { checkAccountNumber: '', checkAccountNumberVerify: '' },
      { checkAccountNumber: M.accountRequired, checkAccountNumberVerify: M.verifyRequired },
    ],
    [
      { checkAccountNumber: '12345', checkAccountNumberVerify: '12345' },
      { checkAccountNumber: M.accountMin, checkAccountNumberVerify: M.accountMin },
    ],
    [{ checkRoutingNumber: '' }, { checkRoutingNumber: M.routingRequired }],
    [{ checkRoutingNumber: '11100' }, { checkRoutingNumber: M.routingMin }],
    // Nine digits whose ABA checksum fails (the last digit mistyped): marked before the order is sent.
    [{ checkRoutingNumber: '111000026' }, { checkRoutingNumber: PAYMENT_MESSAGES.routingInvalid }],
    [{ checkRoutingNumber: '123456789' }, { checkRoutingNumber: PAYMENT_MESSAGES.routingInvalid }],
    [{ checkAccountNumberVerify: '123456780' }, { checkAccountNumberVerify: M.verifyMismatch }],
    [{ checkNameOnAccount: '' }, { checkNameOnAccount: M.required }],
    // A name is kept in clear: the server refuses one holding a number run, and so does the page.
    [{ checkNameOnAccount: 'Ann Lee 1795369241106' }, { checkNameOnAccount: PAYMENT_MESSAGES.nameHasNumber }],
  ])('%j', (change, expected) => {
    expect(messages(signUpECheckFormSchema.safeParse({ ...eCheck, ...change }))).toEqual(expected);
  });
});

describe('lotCardTurfLabel', () => {
  it('reads N + sq ft turf for the first card and a range for the others', () => {
    expect(lotCardTurfLabel({ turfSizeStart: 0, turfSizeEnd: 2999 })).toBe('2,999 + sq ft turf');
    expect(lotCardTurfLabel({ turfSizeStart: 3000, turfSizeEnd: 5999 })).toBe('3,000 - 5,999 sq ft turf');
  });
});
