import { describe, expect, it } from 'vitest';
import type { MowCut } from '../customers/customer.constants';
import { CUSTOMER_MESSAGES } from '../customers/customer.schema';
import { HOW_HEARD, HOW_HEARD_ORDER, NEW_CUSTOMER_MESSAGES } from './new-customer.constants';
import { addressBlockProblems, isHowHeardOptionValid, startDateProblem, unreleasedItems } from './new-customer.rules';
import { publicNewCustomerSchema, staffNewCustomerSchema } from './new-customer.schema';

const TODAY = '2026-05-04';

describe('startDateProblem', () => {
  it.each([
    ['2026-05-04', undefined, 'today, a Monday'],
    ['2026-05-05', undefined, 'a Tuesday'],
    ['2026-05-01', NEW_CUSTOMER_MESSAGES.dateInPast, 'in the past'],
    ['2026-05-09', NEW_CUSTOMER_MESSAGES.dateNotBusinessDay, 'a Saturday'],
    ['2026-05-10', NEW_CUSTOMER_MESSAGES.dateNotBusinessDay, 'a Sunday'],
    ['2026-05-25', NEW_CUSTOMER_MESSAGES.dateNotBusinessDay, 'Memorial Day'],
    ['2051-01-02', NEW_CUSTOMER_MESSAGES.dateBeyondMax, 'after 12/31/2050'],
  ])('%s: %s (%s)', (date, expected, _why) => {
    expect(startDateProblem(date, TODAY)).toBe(expected);
  });
});

const blank = {
  isSameAsService: false,
  name: '',
  address: '',
  city: '',
  state: '',
  zipcode: '',
  poBox: '',
  poBoxCity: '',
  poBoxState: '',
  poBoxZipcode: '',
};

describe('addressBlockProblems', () => {
  it.each([
    ['same as service', { isSameAsService: true }, {}],
    ['nothing at all', {}, { isSameAsService: NEW_CUSTOMER_MESSAGES.sameAsServiceRequired }],
    [
      'a PO box without its city, state and zip',
      { poBox: '12' },
      {
        poBoxCity: NEW_CUSTOMER_MESSAGES.cityRequired,
        poBoxState: NEW_CUSTOMER_MESSAGES.stateRequired,
        poBoxZipcode: NEW_CUSTOMER_MESSAGES.zipRequired,
      },
    ],
    ['a full PO box', { poBox: '12', poBoxCity: 'Dallas', poBoxState: 'TX', poBoxZipcode: '75201' }, {}],
    [
      'an address with a 4-digit zip and no name',
      { address: '1 Elm', city: 'Dallas', state: 'TX', zipcode: '7520' },
      { name: NEW_CUSTOMER_MESSAGES.nameRequired, zipcode: NEW_CUSTOMER_MESSAGES.zipInvalid },
    ],
  ])('%s', (_name, block, expected) => {
    expect(addressBlockProblems({ ...blank, ...block })).toEqual(expected);
  });
});

describe('the other rules', () => {
  it.each<[string, Record<string, boolean>, string[], string[]]>([
    ['no Yes', {}, [], []],
    ['a trampoline released', { isTranpoline: true }, ['isTranpoline'], []],
    ['a trampoline without its release', { isTranpoline: true }, [], ['isTranpoline']],
    [
      'two Yes, only the first released',
      { isFlowerBeds: true, isPetsBackyard: true },
      ['isFlowerBeds'],
      ['isPetsBackyard'],
    ],
    ['a release of an item answered No', { isFencePlastic: false }, ['isFencePlastic'], []],
  ])('each liability Yes needs its own release: %s', (_name, answers, released, expected) => {
    expect(unreleasedItems(answers, released)).toEqual(expected);
  });

  it('the office’s wizard refuses a Yes without its release, and a release without its Yes', () => {
    const base = {
      isFlowerBeds: false,
      isPetsBackyard: true,
      isFencePlastic: false,
      isAboveGroundPool: true,
      isTranpoline: false,
    };
    const issues = (acceptedReleases: string[]) =>
      (staffNewCustomerSchema.safeParse({ ...base, acceptedReleases }).error?.issues ?? [])
        .filter((issue) => issue.code === 'custom')
        .map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues(['isPetsBackyard'])).toContainEqual(['isAboveGroundPool', NEW_CUSTOMER_MESSAGES.liabilityRefused]);
    expect(issues(['isPetsBackyard', 'isAboveGroundPool'])).not.toContainEqual([
      'isAboveGroundPool',
      NEW_CUSTOMER_MESSAGES.liabilityRefused,
    ]);
    expect(issues(['isPetsBackyard', 'isAboveGroundPool', 'isTranpoline'])).toContainEqual([
      'acceptedReleases',
      NEW_CUSTOMER_MESSAGES.releaseWithoutItem,
    ]);
  });

  it.each([
    [1, 'Google', true],
    [1, 'Facebook', false],
    [3, '', true],
    [3, 'Google', false],
  ])('how heard %s with %s: %s', (about, option, expected) => {
    expect(isHowHeardOptionValid(about, option)).toBe(expected);
  });

  it('how heard takes the stored codes: TV AD is 9, a current customer 5, and 6 is no choice', () => {
    const about = staffNewCustomerSchema.shape.about;
    expect(HOW_HEARD[9]).toBe('TV AD');
    expect(about.safeParse(5).success).toBe(true);
    expect(about.safeParse(9).success).toBe(true);
    expect(about.safeParse(6).success).toBe(false);
    expect([...HOW_HEARD_ORDER].sort()).toEqual(Object.keys(HOW_HEARD).map(Number).sort());
  });

  it.each<[MowCut[], string | undefined]>([
    [['Front', 'Back'], undefined],
    [['Back', 'BagGrass'], undefined],
    [['DuplexLeft'], undefined],
    [[], CUSTOMER_MESSAGES.mowCutRequired],
    // Bag grass is a service on top of mowing: alone, there is nothing to mow.
    [['BagGrass'], CUSTOMER_MESSAGES.mowCutRequired],
  ])('an order mowing %j: %s', (mowCut, message) => {
    for (const schema of [staffNewCustomerSchema, publicNewCustomerSchema]) {
      expect(schema.shape.mowCut.safeParse(mowCut).error?.issues[0]?.message).toBe(message);
    }
  });

  it('the public variant requires the e-mail and refuses the office’s fields', () => {
    const email = publicNewCustomerSchema.shape.email.safeParse('');
    expect(email.error?.issues[0]?.message).toBe(NEW_CUSTOMER_MESSAGES.emailRequired);
    expect(staffNewCustomerSchema.shape.email.safeParse('').success).toBe(true);
    expect(Object.keys(publicNewCustomerSchema.shape)).not.toContain('csrUserId');
  });
});
