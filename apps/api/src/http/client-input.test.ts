import { VALIDATION_MESSAGES } from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertMarket, insertRecord } from '../test/record-fixtures';
import { nextIp, useTestContext, type TestUser } from '../test/test-app';

/**
 * Nothing a client sends may answer 500: out-of-range numbers and NUL characters used to reach PostgreSQL, fail the
 * query and log it. Each answers 400 with a message naming the field.
 */

const t = useTestContext({ captureLogs: true });

const HUGE = 99_999_999_999;
const INT4_PROBLEM = 'expected a whole number from -2147483648 to 2147483647';
const SMALLINT_PROBLEM = 'expected a whole number from -32768 to 32767';

let admin: TestUser;
let headers: { authorization: string };

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin' });
  headers = await t.authHeaders(admin);
});

/** Log lines at error level or worse: a failed query is logged as 'request failed' with level 50. */
function errorLogs(): string[] {
  return t.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
}

describe('the four inputs that used to answer 500', () => {
  it.each([
    [
      'GET',
      `/api/customers?filter[market]=${HUGE}`,
      undefined,
      { 'filter[market]': [`Invalid value: ${HUGE} (${INT4_PROBLEM})`] },
    ],
    ['GET', '/api/customers?filter[fullName]=%00', undefined, { 'filter[fullName]': [VALIDATION_MESSAGES.noNul] }],
    [
      'GET',
      `/api/users?filter[status]=${HUGE}`,
      undefined,
      { 'filter[status]': [`Invalid value: ${HUGE} (${SMALLINT_PROBLEM})`] },
    ],
    [
      'POST',
      '/api/reports/customers',
      { nameDoc: 'March', typeDoc: 'xlsx', ids: [HUGE] },
      { 'ids.0': [VALIDATION_MESSAGES.wholeNumber(1, 2_147_483_647)] },
    ],
  ] as const)('%s %s answers 400 naming the field', async (method, url, payload, errors) => {
    const before = errorLogs().length;
    const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: 'The given data was invalid.', errors });
    expect(errorLogs().slice(before)).toEqual([]);
  });
});

describe('a lone UTF-16 surrogate in free text', () => {
  const BROKEN = 'Ann \uD800';
  let record: { id: number };

  beforeAll(async () => {
    record = await insertRecord(t.db, { marketId: await insertMarket(t.db, 'Surrogate market') });
  });

  /** Every other field of each body is valid, so the text itself is what reaches the rules (and once, PostgreSQL). */
  const cases = (): [string, string, string, Record<string, unknown>, string][] => {
    const year = new Date().getFullYear();
    return [
      ['PATCH', `/api/customers/${record.id}`, 'firstName', { version: 1, firstName: BROKEN }, 'firstName'],
      ['PATCH', `/api/customers/${record.id}`, 'lastName', { version: 1, lastName: BROKEN }, 'lastName'],
      ['PATCH', `/api/customers/${record.id}`, 'address', { version: 1, serviceAddress: BROKEN }, 'serviceAddress'],
      ['PATCH', `/api/customers/${record.id}`, 'city', { version: 1, city: BROKEN }, 'city'],
      [
        'POST',
        `/api/customers/${record.id}/notes`,
        'note',
        { typeId: 1, serviceDate: `${year + 1}-03-02`, serviceHour: '09:30', description: BROKEN },
        'description',
      ],
      [
        'PATCH',
        `/api/customers/${record.id}/attributes`,
        'skip reason',
        { status: 'skip', year, week: 10, message: BROKEN },
        'message',
      ],
      [
        'PATCH',
        `/api/customers/${record.id}/service-notes`,
        'service note',
        { type: 'skips', year, week: 10, message: BROKEN },
        'message',
      ],
    ];
  };

  it('answers 400 at its field on every route that takes text, and logs no failure', async () => {
    const before = errorLogs().length;
    for (const [method, url, what, payload, field] of cases()) {
      const response = await t.app.inject({
        method: method as 'PATCH',
        url,
        headers: { ...headers, 'idempotency-key': `surrogate-${what}` },
        payload,
      });
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(response.json<{ errors: Record<string, string[]> }>().errors[field], what).toEqual([
        VALIDATION_MESSAGES.brokenCharacter,
      ]);
    }
    expect(errorLogs().slice(before)).toEqual([]);
  });
});

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

/** Every route and every input it documents: path and query parameters and top-level body fields. */
async function documentedInputs() {
  const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  const inputs: { method: string; path: string; where: 'path' | 'query' | 'body'; name: string }[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' || parameter.in === 'query') {
          inputs.push({ method: method.toUpperCase(), path, where: parameter.in, name: parameter.name });
        }
      }
      const body = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      for (const name of Object.keys(body)) inputs.push({ method: method.toUpperCase(), path, where: 'body', name });
    }
  }
  return inputs;
}

/**
 * A value as it travels in a URL. A lone surrogate has no UTF-8 form, so a client can only send the bytes a lax
 * encoder (WTF-8) writes for it: %ED%A0%80, which the server must take as the broken text it is.
 */
function inUrl(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^%]+/g, (rest) => encodeURIComponent(rest));
  }
}

describe('every documented input', () => {
  // A huge number, a fraction, a negative number, a NUL character, lone surrogates, and the same inside a list.
  const hostileValues: unknown[] = [
    HUGE,
    1.5,
    -HUGE,
    '\u0000',
    `a\u0000b`,
    '\uD800',
    'a\uDC00b',
    [HUGE],
    ['\u0000'],
    ['\uDBFF'],
  ];

  it('answers below 500 for hostile values, and logs no failure', async () => {
    const inputs = await documentedInputs();
    expect(inputs.length).toBeGreaterThan(40);
    const failures: string[] = [];
    const before = errorLogs().length;
    for (const input of inputs) {
      for (const value of hostileValues) {
        const text = Array.isArray(value) ? String(value[0]) : String(value);
        const path = input.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          input.where === 'path' && name === input.name ? inUrl(text) : '1',
        );
        const query = input.where === 'query' ? `?${encodeURIComponent(input.name)}=${inUrl(text)}` : '';
        const response = await t.app.inject({
          method: input.method as 'GET',
          url: `${path}${query}`,
          headers,
          remoteAddress: nextIp(),
          ...(input.where === 'body' ? { payload: { [input.name]: value } } : {}),
        });
        if (response.statusCode >= 500) {
          failures.push(`${input.method} ${input.path} ${input.where} ${input.name}=${JSON.stringify(value)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(errorLogs().slice(before)).toEqual([]);
    // Ten requests for each input of every route: the time grows with the API, and a busy machine slows each.
  }, 180_000);
});
