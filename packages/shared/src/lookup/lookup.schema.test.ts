import { describe, expect, it } from 'vitest';
import { LOOKUP_MESSAGES } from './lookup.constants';
import {
  checkLookup,
  defaultNoteLookupDate,
  EMPTY_LOOKUP_FORM,
  lookupFilterString,
  lookupReportQuery,
  type LookupFormValues,
} from './lookup.schema';

const form = (values: Partial<LookupFormValues>): LookupFormValues => ({ ...EMPTY_LOOKUP_FORM, ...values });
const filterOf = (values: Partial<LookupFormValues>) => {
  const result = checkLookup(form(values));
  if (!('search' in result)) throw new Error(`refused: ${JSON.stringify(result.errors)}`);
  if (result.search.kind !== 'customers') throw new Error('not a customer search');
  return lookupFilterString(result.search.filters);
};
const errorsOf = (values: Partial<LookupFormValues>) => {
  const result = checkLookup(form(values));
  return 'errors' in result ? result.errors : {};
};

describe('checkLookup: the method', () => {
  it.each(['', '3', '99', 'constructor'])('refuses method %j with Field is required', (method) => {
    expect(errorsOf({ method })).toEqual({ method: LOOKUP_MESSAGES.required });
  });
});

describe('1 Basic search', () => {
  it.each([
    [{ searchBasic: '1', parentBasic: 'Smith' }, 'filter[fullName]=Smith'],
    [{ searchBasic: '2', parentBasic: ' 12 Oak ' }, 'filter[serviceAddress]=12%20Oak'],
    [{ searchBasic: '3', parentBasic: '1002' }, 'filter[customerId]=1002'],
    [{ searchBasic: '4', parentBasic: '2' }, 'filter[status]=2'],
    [{ searchBasic: '6', parentBasic: '12' }, 'filter[week]=12'],
    [{ searchBasic: '7', parentBasic: '25K' }, 'filter[mapsco]=25K'],
    [{ searchBasic: '10', parentBasic: '2026-03-02' }, 'filter[createdAt]=2026-03-02'],
    [{ searchBasic: '16', parentBasic: '7' }, 'filter[signedBy]=7'],
    [{ searchBasic: '18', parentBasic: 'G-M', market: '3' }, 'filter[lastNameBucket]=G-M&filter[market]=3'],
    [
      { searchBasic: '19', about: '4', startDate: '2026-01-01', endDate: '2026-01-31' },
      'filter[source]=4&filter[createdAt]=2026-01-01%2C2026-01-31',
    ],
  ])('%j searches %s', (values, expected) => {
    expect(filterOf({ method: '1', ...values })).toBe(expected);
  });

  it.each([
    [{}, { searchBasic: LOOKUP_MESSAGES.required }],
    [{ searchBasic: '77' }, { searchBasic: LOOKUP_MESSAGES.required }],
    [{ searchBasic: '3' }, { parentBasic: LOOKUP_MESSAGES.required }],
    [{ searchBasic: '1', parentBasic: 'Al' }, { parentBasic: LOOKUP_MESSAGES.minThree }],
    [{ searchBasic: '2', parentBasic: ' 12 ' }, { parentBasic: LOOKUP_MESSAGES.minThree }],
    [{ searchBasic: '10', parentBasic: 'not a date' }, { parentBasic: LOOKUP_MESSAGES.dateInvalid }],
    [{ searchBasic: '10', parentBasic: '2051-01-01' }, { parentBasic: LOOKUP_MESSAGES.dateMax }],
    [
      { searchBasic: '19' },
      { about: LOOKUP_MESSAGES.required, startDate: LOOKUP_MESSAGES.required, endDate: LOOKUP_MESSAGES.required },
    ],
    [
      { searchBasic: '19', about: '1', startDate: '2026-02-01', endDate: '2026-01-01' },
      { startDate: LOOKUP_MESSAGES.startAfterEnd },
    ],
  ])('%j is refused with %j', (values, expected) => {
    expect(errorsOf({ method: '1', ...values })).toEqual(expected);
  });
});

describe('2 Work weeks', () => {
  it('searches the week of the year', () => {
    expect(filterOf({ method: '2', year: '2026', week: '14' })).toBe('filter[week]=14&filter[year]=2026');
  });
  it('needs both', () => {
    expect(errorsOf({ method: '2' })).toEqual({ year: LOOKUP_MESSAGES.required, week: LOOKUP_MESSAGES.required });
    expect(errorsOf({ method: '2', year: '2026', week: '54' })).toEqual({ week: LOOKUP_MESSAGES.required });
  });
});

describe('9 Attributes', () => {
  it('combines the choices, each with its date', () => {
    expect(
      filterOf({
        method: '9',
        attributes: ['status', 'skip', 'note'],
        status: '1',
        skipDate: '2026-04-06',
        noteDate: '2026-04-03',
        noteType: '1',
      }),
    ).toBe('filter[status]=1&filter[skipDate]=2026-04-06&filter[noteDate]=2026-04-03&filter[noteType]=1');
  });
  it('needs a choice, and a value for each chosen', () => {
    expect(errorsOf({ method: '9' })).toEqual({ attributes: LOOKUP_MESSAGES.required });
    expect(errorsOf({ method: '9', attributes: ['write', 'redo', 'note'], writeDate: 'x' })).toEqual({
      writeDate: LOOKUP_MESSAGES.dateInvalid,
      redoDate: LOOKUP_MESSAGES.required,
      noteDate: LOOKUP_MESSAGES.required,
      noteType: LOOKUP_MESSAGES.required,
    });
  });
});

describe('10 Status and market', () => {
  it('searches either or both', () => {
    expect(filterOf({ method: '10', status: '5' })).toBe('filter[status]=5');
    expect(filterOf({ method: '10', status: '1', market: '2' })).toBe('filter[status]=1&filter[market]=2');
  });
  it('needs one of them', () => {
    expect(errorsOf({ method: '10' })).toEqual({ status: LOOKUP_MESSAGES.noParameter });
  });
});

describe('11 Creation date', () => {
  it('finds the day’s accounts not yet approved', () => {
    expect(filterOf({ method: '11', date: '2026-05-04' })).toBe(
      'filter[createdAt]=2026-05-04&filter[isApproved]=false&filter[statusOrders]=0',
    );
  });
  it.each([
    ['', LOOKUP_MESSAGES.required],
    ['05/04/2026', LOOKUP_MESSAGES.dateInvalid],
    ['2050-12-31', undefined],
    ['2051-01-01', LOOKUP_MESSAGES.dateMax],
  ])('date %j: %s', (date, message) => {
    expect(errorsOf({ method: '11', date }).date).toBe(message);
  });
});

describe('12, 13, 14 report pages', () => {
  it.each(['12', '13', '14'])('method %s passes only the parameters given', (method) => {
    const result = checkLookup(form({ method, week: '12', crew: '4', year: '2026' }));
    expect(result).toEqual({
      search: { kind: 'report', method: Number(method), params: { week: '12', crew: '4', year: '2026' } },
    });
    if ('search' in result && result.search.kind === 'report') {
      expect(lookupReportQuery(result.search.params)).toBe('?week=12&crew=4&year=2026');
    }
  });
  it('needs at least one parameter', () => {
    expect(errorsOf({ method: '12', year: '2026' })).toEqual({ week: LOOKUP_MESSAGES.selectParameter });
    expect(errorsOf({ method: '13', weekDay: '9' })).toEqual({ weekDay: LOOKUP_MESSAGES.selectParameter });
  });
});

describe('15 Cellphone customers', () => {
  it('needs nothing', () => {
    expect(filterOf({ method: '15' })).toBe('filter[isCellphone]=true');
  });
});

describe('defaultNoteLookupDate', () => {
  it.each([
    ['2026-04-07', '2026-04-06'],
    ['2026-04-06', '2026-04-03'],
    ['2026-04-05', '2026-04-04'],
  ])('on %s looks at %s', (today, expected) => {
    expect(defaultNoteLookupDate(today)).toBe(expected);
  });
});
