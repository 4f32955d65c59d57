import type { Page, UserSummary } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext();

let admin: TestUser;
let headers: { authorization: string };

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin', firstName: 'Alex', lastName: 'Morgan', email: 'alex@example.com' });
  await t.createUser({ role: 'Manager', firstName: 'maria', lastName: 'Garcia', email: 'maria@example.com' });
  await t.createUser({ role: 'Representative', firstName: 'Ryan', lastName: 'Brooks', email: 'ryan@example.com' });
  await t.createUser({ role: 'customer-service', firstName: 'Sofia', lastName: 'Ramirez', email: 'sofia@example.com' });
  await t.createUser({
    role: 'customer-service',
    firstName: 'Bea',
    lastName: 'Alvarez',
    email: 'bea@example.com',
    status: 0,
  });
  await t.createUser({
    role: 'crew',
    firstName: 'Carlos',
    lastName: 'Diaz',
    email: 'carlos@example.com',
    crewNumber: 101,
  });
  headers = await t.authHeaders(admin);
});

const list = (query = '', authorization = headers) =>
  t.app.inject({ url: `/api/users${query}`, headers: authorization });
const page = async (query = '') => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<UserSummary>>();
};

describe('GET /api/users access', () => {
  it('is closed to strangers, crew and customers', async () => {
    expect((await t.app.inject({ url: '/api/users' })).statusCode).toBe(401);

    const crew = await t.createUser({ role: 'crew' });
    const crewResponse = await list('', await t.authHeaders(crew));
    expect(crewResponse.statusCode).toBe(403);
    expect(crewResponse.json()).toEqual({ message: 'This action is unauthorized.' });

    const customer = await t.createUser({ role: 'customers' });
    expect((await list('', await t.authHeaders(customer))).statusCode).toBe(403);
  });

  it('is open to every office role', async () => {
    for (const role of ['Manager', 'Representative', 'customer-service'] as const) {
      const user = await t.createUser({ role });
      expect((await list('', await t.authHeaders(user))).statusCode, role).toBe(200);
    }
  });
});

describe('GET /api/users listing', () => {
  beforeAll(async () => {
    // The access tests above add users; keep the listing tests to the six known ones.
    await t.db.delete(users).where(eq(users.lastName, 'User'));
  });

  it('pages newest first by default, 10 a page, without password fields', async () => {
    const result = await page();
    expect(result).toMatchObject({
      total: 6,
      perPage: 10,
      currentPage: 1,
      lastPage: 1,
      firstPageUrl: '/api/users?page=1',
    });
    expect(result.data.map((user) => user.email)).toEqual([
      'carlos@example.com',
      'bea@example.com',
      'sofia@example.com',
      'ryan@example.com',
      'maria@example.com',
      'alex@example.com',
    ]);
    expect(result.data[0]).toMatchObject({ fullName: 'Carlos Diaz', role: 'crew', crewNumber: 101, status: 1 });
    expect(JSON.stringify(result)).not.toMatch(/password/i);
  });

  it('filters by a comma list of roles and by status', async () => {
    const staff = await page('?filter[role]=Admin,Manager');
    expect(staff.data.map((user) => user.role).sort()).toEqual(['Admin', 'Manager']);

    const csrs = await page('?filter[role]=customer-service&filter[status]=1');
    expect(csrs.data.map((user) => user.fullName)).toEqual(['Sofia Ramirez']);
  });

  it('finds by part of the full name or e-mail, case-insensitively', async () => {
    expect((await page('?filter[fullName]=ALEX%20mor')).data.map((user) => user.email)).toEqual(['alex@example.com']);
    expect((await page('?filter[email]=RYAN')).data.map((user) => user.email)).toEqual(['ryan@example.com']);
    expect((await page('?filter[fullName]=%25')).total).toBe(0);
  });

  it('sorts by full name (first, then last, ignoring case) and descending with -', async () => {
    const ascending = await page('?sort=fullName');
    expect(ascending.data.map((user) => user.firstName)).toEqual(['Alex', 'Bea', 'Carlos', 'maria', 'Ryan', 'Sofia']);
    const byRoleDesc = await page('?sort=-role,id');
    expect(byRoleDesc.data[0]?.role).toBe('Representative');
  });

  it('pages with limit and page, and a page beyond the end is empty with the true total', async () => {
    const second = await page('?sort=id&limit=4&page=2');
    expect(second).toMatchObject({ total: 6, perPage: 4, currentPage: 2, lastPage: 2 });
    expect(second.data.map((user) => user.email)).toEqual(['bea@example.com', 'carlos@example.com']);
    expect(second.firstPageUrl).toBe('/api/users?sort=id&limit=4&page=1');

    const beyond = await page('?limit=4&page=5');
    expect(beyond).toMatchObject({ data: [], total: 6, currentPage: 5, lastPage: 2 });
  });

  it('counts with render=count', async () => {
    const response = await list('?filter[role]=customer-service&render=count');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ total: 2 });
  });

  it('rejects unknown filters, sorts and bad values with 400 naming them', async () => {
    const unknownFilter = await list('?filter[password]=x');
    expect(unknownFilter.statusCode).toBe(400);
    expect(unknownFilter.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { 'filter[password]': ['Unknown filter: password'] },
    });

    const unknownSort = await list('?sort=-passwordHash');
    expect(unknownSort.statusCode).toBe(400);
    expect(unknownSort.json().errors).toEqual({ sort: ['Unknown sort: passwordHash'] });

    const badRole = await list('?filter[role]=Boss');
    expect(badRole.json().errors).toEqual({ 'filter[role]': ['Invalid value: Boss'] });

    const tooMany = await list('?limit=501');
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().errors)).toEqual(['limit']);
  });
});
