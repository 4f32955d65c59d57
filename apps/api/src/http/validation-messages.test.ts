import { beforeAll, describe, expect, it } from 'vitest';
import { nextIp, useTestContext } from '../test/test-app';

/**
 * The server answers each broken rule with that rule's own message, exactly as the forms show it: a 400 whose
 * `errors` holds the one field and its message list. The messages are the product's or, for
 * a length the spec gives no wording for, 'Max. N characters'.
 */

const t = useTestContext();

let headers: { authorization: string };

beforeAll(async () => {
  headers = await t.authHeaders(await t.createUser({ role: 'Admin' }));
});

const long = (length: number) => 'x'.repeat(length);
const HUGE = 99_999_999_999;
const ID_MESSAGE = 'Enter a whole number from 1 to 2147483647';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
type Row = [rule: string, method: Method, url: string, payload: object | undefined, errors: Record<string, string[]>];

const rows: Row[] = [
  [
    'login: email empty',
    'POST',
    '/api/auth/login',
    { email: '', password: 'demo-password' },
    { email: ['Email is required'] },
  ],
  [
    'login: email malformed',
    'POST',
    '/api/auth/login',
    { email: 'ana', password: 'demo-password' },
    { email: ['Invalid email'] },
  ],
  [
    'login: password missing',
    'POST',
    '/api/auth/login',
    { email: 'ana@lawn.test' },
    { password: ['Password is required'] },
  ],
  [
    'login: password too short',
    'POST',
    '/api/auth/login',
    { email: 'ana@lawn.test', password: 'short' },
    { password: ['Minimum 8 characters'] },
  ],
  [
    'login: password too long',
    'POST',
    '/api/auth/login',
    { email: 'ana@lawn.test', password: long(201) },
    { password: ['Max. 200 characters'] },
  ],
  [
    'recover: email too long',
    'POST',
    '/api/auth/recover-password',
    { email: `${long(250)}@b.com` },
    { email: ['Max. 255 characters'] },
  ],
  [
    'reset: confirmation missing',
    'POST',
    '/api/auth/reset-password',
    { password: 'new-password', password_token: 'abc' },
    { password_confirmation: ['Password confirmation is required'] },
  ],
  [
    'reset: passwords differ',
    'POST',
    '/api/auth/reset-password',
    { password: 'new-password', password_confirmation: 'other-password', password_token: 'abc' },
    { password_confirmation: ['Passwords must match'] },
  ],
  [
    'refresh: token too long',
    'POST',
    '/api/auth/refresh',
    { refreshToken: long(201) },
    { refreshToken: ['Max. 200 characters'] },
  ],
  ['path id: not a number', 'GET', '/api/customers/abc', undefined, { id: [ID_MESSAGE] }],
  ['path id: out of range', 'GET', `/api/customers/${HUGE}`, undefined, { id: [ID_MESSAGE] }],
  [
    'customer: first name too long',
    'PATCH',
    '/api/customers/1',
    { firstName: long(51) },
    { firstName: ['Max. 50 characters'] },
  ],
  [
    'customer: first name empty',
    'PATCH',
    '/api/customers/1',
    { firstName: '' },
    { firstName: ['First name is required'] },
  ],
  [
    'customer: last name blank',
    'PATCH',
    '/api/customers/1',
    { lastName: '  ' },
    { lastName: ['Last name is required'] },
  ],
  ['customer: state too long', 'PATCH', '/api/customers/1', { state: 'TXX' }, { state: ['Max. 2 characters'] }],
  [
    'customer: zip too long',
    'PATCH',
    '/api/customers/1',
    { zipcode: '123456' },
    { zipcode: ['Zip code is not valid (e.g. 70000)'] },
  ],
  ['customer: zip empty', 'PATCH', '/api/customers/1', { zipcode: '' }, { zipcode: ['Zip code is required'] }],
  ['customer: city too long', 'PATCH', '/api/customers/1', { city: long(101) }, { city: ['Max. 100 characters'] }],
  [
    'customer: phone malformed',
    'PATCH',
    '/api/customers/1',
    { contactNumber: '123' },
    { contactNumber: ['Phone number is not valid'] },
  ],
  ['customer: email malformed', 'PATCH', '/api/customers/1', { email: 'nope' }, { email: ['Invalid email'] }],
  [
    'customer: address with NUL',
    'PATCH',
    '/api/customers/1',
    { serviceAddress: 'a\u0000' },
    { serviceAddress: ['Text cannot contain a NUL character'] },
  ],
  ['customer: market out of range', 'PATCH', '/api/customers/1', { market: HUGE }, { market: ['Market is required'] }],
  [
    'customer: crew out of range',
    'PATCH',
    '/api/customers/1',
    { crew: HUGE },
    { crew: ['Enter a whole number from 1 to 99999'] },
  ],
  [
    'customer: send schedule week 54',
    'PATCH',
    '/api/customers/1',
    { sendSchedule: 54 },
    { sendSchedule: ['Enter a week from 1 to 53'] },
  ],
  [
    'customer: weekday unknown',
    'PATCH',
    '/api/customers/1',
    { weekDay: 9 },
    { weekDay: ['Choose one of the listed options'] },
  ],
  [
    'customer: nothing to mow',
    'PATCH',
    '/api/customers/1',
    { mowCut: [] },
    { mowCut: ['Choose at least one area to mow'] },
  ],
  ['verify email: malformed', 'GET', '/api/customers/verify/email?email=nope', undefined, { email: ['Invalid email'] }],
  [
    'verify email: id out of range',
    'GET',
    `/api/customers/verify/email?email=a@b.co&id=${HUGE}`,
    undefined,
    { id: [ID_MESSAGE] },
  ],
  [
    'verify account: malformed',
    'GET',
    '/api/customers/verify/account?account=a%20b',
    undefined,
    { account: ['Account number is not valid'] },
  ],
  [
    'export: name too long',
    'POST',
    '/api/reports/customers',
    { nameDoc: long(101), typeDoc: 'xlsx', ids: [1] },
    { nameDoc: ['Max. 100 characters'] },
  ],
  [
    'export: name empty',
    'POST',
    '/api/reports/customers',
    { nameDoc: '', typeDoc: 'xlsx', ids: [1] },
    { nameDoc: ['Field is required'] },
  ],
  [
    'export: no customer',
    'POST',
    '/api/reports/customers',
    { nameDoc: 'March', typeDoc: 'xlsx', ids: [] },
    { ids: ['Select at least one customer'] },
  ],
  [
    'export: id out of range',
    'POST',
    '/api/reports/customers',
    { nameDoc: 'March', typeDoc: 'xlsx', ids: [HUGE] },
    { 'ids.0': [ID_MESSAGE] },
  ],
  [
    'send report: address malformed',
    'POST',
    '/api/reports/1/send',
    { emails: ['nope'] },
    { 'emails.0': ['Invalid email'] },
  ],
  [
    'skip: message too long',
    'PATCH',
    '/api/customers/1/attributes',
    { status: 'skip', year: 2026, week: 2, message: long(201) },
    { message: ['Max. 200 characters'] },
  ],
  [
    'skip: week 54',
    'PATCH',
    '/api/customers/1/attributes',
    { status: 'skip', year: 2026, week: 54, message: 'Rain' },
    { week: ['Enter a week from 1 to 53'] },
  ],
  [
    'write-in: date malformed',
    'PATCH',
    '/api/customers/1/attributes',
    { status: 'write', year: 2026, week: 2, date: '03/05/2026' },
    { date: ['Date is not valid'] },
  ],
  [
    'service note: message missing',
    'PATCH',
    '/api/customers/1/service-notes',
    { type: 'skip', year: 2026, week: 2 },
    { message: ['Field is required'] },
  ],
  [
    'weeks: year out of range',
    'GET',
    '/api/helper/weeks?year=1999',
    undefined,
    { year: ['Choose a year from 2020 to 2040'] },
  ],
  ['notifications: no id', 'PATCH', '/api/notifications', { ids: [] }, { ids: ['Field is required'] }],
  [
    'season: week 54',
    'PUT',
    '/api/schedule?year=2026',
    { weeks: [{ week: 54, type: 'winter' }] },
    { 'weeks.0.week': ['Enter a week from 1 to 53'] },
  ],
];

describe('each input answers its own message through the API', () => {
  it.each(rows)('%s', async (_rule, method, url, payload, errors) => {
    const response = await t.app.inject({
      method,
      url,
      headers,
      remoteAddress: nextIp(),
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: 'The given data was invalid.', errors });
  });
});
