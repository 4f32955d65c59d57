import { CALENDAR_MESSAGES, dateOfWeekday, type ExternalAccess } from '@lawn/shared';
import { count, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerHistory, properties, propertySchedules, propertyWeekOverrides, serviceNotes } from '../../db/schema';
import { registerAccessControl } from '../../http/auth';
import { TEST_JWT_SECRET, useTestContext, type TestUser } from '../../test/test-app';
import { verifyAccessToken } from '../../tokens/access-token';
import { signExternalToken, verifyExternalToken } from '../../tokens/external-token';
import { insertMarket, insertRecord } from '../../test/record-fixtures';

const YEAR = 2026;
const t = useTestContext({ clock: () => new Date('2026-04-15T17:00:00Z') });

let admin: TestUser;
let mine: { id: number };
let theirs: { id: number };
const joined = { joinDate: '2025-06-01', serviceDate: '2025-06-02' };
/** Weeks 1-10 of 2026 on the given weekday. */
const tenWeeks = (weekday: 2 | 4) => Array.from({ length: 10 }, (_, index) => dateOfWeekday(YEAR, index + 1, weekday));

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin' });
  const marketId = await insertMarket(t.db, 'Austin');
  mine = await insertRecord(t.db, { marketId, property: { ...joined, weekDay: 2 } });
  theirs = await insertRecord(t.db, { marketId, property: { ...joined, weekDay: 4 } });
  await t.db.insert(propertySchedules).values([
    { propertyId: mine.id, year: YEAR, planned: tenWeeks(2), workdays: tenWeeks(2) },
    { propertyId: theirs.id, year: YEAR, planned: tenWeeks(4), workdays: tenWeeks(4) },
  ]);
});

const tokenFor = (access: ExternalAccess) => signExternalToken(access, TEST_JWT_SECRET);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const calendar = (query: string, headers: Record<string, string>) =>
  t.app.inject({ url: `/api/external/calendar${query}`, headers });

describe('external access tokens', () => {
  it('round-trips the property and scopes', async () => {
    const token = await tokenFor({ propertyId: 12, scopes: ['calendar', 'payments', 'calendar'] });
    expect(await verifyExternalToken(token, TEST_JWT_SECRET)).toEqual({
      propertyId: 12,
      scopes: ['calendar', 'payments'],
    });
  });

  it('is never taken for a staff token, nor a staff token for it', async () => {
    const external = await tokenFor({ propertyId: mine.id, scopes: ['calendar'] });
    expect(await verifyAccessToken(external, TEST_JWT_SECRET)).toBeNull();
    expect(await verifyExternalToken(await t.tokenFor(admin), TEST_JWT_SECRET)).toBeNull();
  });

  it('refuses expired, forged and tampered tokens', async () => {
    const access: ExternalAccess = { propertyId: mine.id, scopes: ['calendar'] };
    const expired = await signExternalToken(access, TEST_JWT_SECRET, 60, new Date(Date.now() - 2 * 60 * 60 * 1000));
    expect(await verifyExternalToken(expired, TEST_JWT_SECRET)).toBeNull();
    const forged = await signExternalToken(access, 'another-secret-that-is-long-enough-for-hs256');
    expect(await verifyExternalToken(forged, TEST_JWT_SECRET)).toBeNull();
    const [header, , signature] = (await tokenFor(access)).split('.');
    const payload = Buffer.from(JSON.stringify({ sub: String(theirs.id), scopes: ['calendar'] })).toString('base64url');
    expect(await verifyExternalToken(`${header}.${payload}.${signature}`, TEST_JWT_SECRET)).toBeNull();
    expect(await verifyExternalToken('not-a-token', TEST_JWT_SECRET)).toBeNull();
  });

  it('refuses a well-signed token with claims it does not know', async () => {
    const sign = (claims: Record<string, unknown>, subject: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuer('lawn-office')
        .setAudience('lawn-external-api')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect(
      await verifyExternalToken(await sign({ scopes: ['everything'] }, String(mine.id)), TEST_JWT_SECRET),
    ).toBeNull();
    expect(await verifyExternalToken(await sign({ scopes: [] }, String(mine.id)), TEST_JWT_SECRET)).toBeNull();
    expect(await verifyExternalToken(await sign({ scopes: ['calendar'] }, 'abc'), TEST_JWT_SECRET)).toBeNull();
    expect(await verifyExternalToken(await sign({ scopes: ['calendar'] }, '99999999999'), TEST_JWT_SECRET)).toBeNull();
  });
});

describe('GET /api/external/calendar', () => {
  it("answers the token's property only, for the calendar's default year", async () => {
    const response = await calendar('', bearer(await tokenFor({ propertyId: mine.id, scopes: ['calendar'] })));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      calendar: { data: { week: number; customer: { active: boolean; workday: string | null } }[] };
      year: number;
      years: number[];
    }>();
    expect(Object.keys(body).sort()).toEqual(['calendar', 'visits', 'year', 'years']);
    expect(body.year).toBe(YEAR);
    expect(body.years).toEqual([2025, 2026, 2027]);
    const served = body.calendar.data.filter((week) => week.customer.active).map((week) => week.customer.workday);
    expect(served).toEqual(tenWeeks(2));
  });

  it('answers another offered year and refuses the others', async () => {
    const headers = bearer(await tokenFor({ propertyId: mine.id, scopes: ['calendar'] }));
    const lastYear = await calendar('?year=2025', headers);
    expect(lastYear.statusCode).toBe(200);
    expect(lastYear.json().year).toBe(2025);
    const notOffered = await calendar('?year=2024', headers);
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toEqual({
      message: CALENDAR_MESSAGES.yearNotOffered,
      errors: { year: [CALENDAR_MESSAGES.yearNotOffered] },
    });
    expect((await calendar('?year=1999', headers)).statusCode).toBe(400);
  });

  it('refuses unknown query keys, so no one can ask for another property', async () => {
    const headers = bearer(await tokenFor({ propertyId: mine.id, scopes: ['calendar'] }));
    expect((await calendar(`?propertyId=${theirs.id}`, headers)).statusCode).toBe(400);
    expect((await calendar(`?year=2026&id=${theirs.id}`, headers)).statusCode).toBe(400);
  });

  it('needs the calendar scope', async () => {
    const response = await calendar('', bearer(await tokenFor({ propertyId: mine.id, scopes: ['payments'] })));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
  });

  it('answers 401 without a token, with a staff token, an expired or a forged one', async () => {
    const access: ExternalAccess = { propertyId: mine.id, scopes: ['calendar'] };
    const expired = await signExternalToken(access, TEST_JWT_SECRET, 60, new Date(Date.now() - 2 * 60 * 60 * 1000));
    const forged = await signExternalToken(access, 'another-secret-that-is-long-enough-for-hs256');
    for (const headers of [{}, await t.authHeaders(admin), bearer(expired), bearer(forged), bearer('garbage')]) {
      const response = await calendar('', headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'unauthorized' });
    }
  });

  it('stops working once the property is deleted', async () => {
    const gone = await insertRecord(t.db, { marketId: await insertMarket(t.db, 'Waco'), property: joined });
    const headers = bearer(await tokenFor({ propertyId: gone.id, scopes: ['calendar'] }));
    expect((await calendar('', headers)).statusCode).toBe(200);
    await t.db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, gone.id));
    expect((await calendar('', headers)).statusCode).toBe(401);
    const unknown = bearer(await tokenFor({ propertyId: 2_000_000_000, scopes: ['calendar'] }));
    expect((await calendar('', unknown)).statusCode).toBe(401);
  });
});

describe('external tokens on staff routes', () => {
  async function writtenFor(propertyId: number) {
    const countOf = async (table: typeof serviceNotes | typeof propertyWeekOverrides | typeof customerHistory) => {
      const [row] = await t.db.select({ total: count() }).from(table).where(eq(table.propertyId, propertyId));
      return row?.total ?? 0;
    };
    const [property] = await t.db
      .select({ weekDay: properties.weekDay, lastEditedAt: properties.lastEditedAt })
      .from(properties)
      .where(eq(properties.id, propertyId));
    return {
      notes: await countOf(serviceNotes),
      overrides: await countOf(propertyWeekOverrides),
      history: await countOf(customerHistory),
      property,
    };
  }

  it('answers 401 and writes nothing, for another property or its own', async () => {
    const token = await tokenFor({ propertyId: mine.id, scopes: ['calendar', 'payments', 'payment-method'] });
    const before = { mine: await writtenFor(mine.id), theirs: await writtenFor(theirs.id) };
    const skip = { status: 'skip', year: YEAR, week: 8, message: 'No thanks' };
    const requests = [
      { method: 'PATCH' as const, url: `/api/customers/${theirs.id}/attributes`, payload: skip },
      { method: 'PATCH' as const, url: `/api/customers/${mine.id}/attributes`, payload: skip },
      { method: 'PATCH' as const, url: `/api/customers/${theirs.id}`, payload: { weekDay: 1 } },
      { method: 'GET' as const, url: `/api/customers/${theirs.id}` },
      { method: 'GET' as const, url: `/api/customers/${mine.id}` },
      { method: 'GET' as const, url: `/api/customers/${theirs.id}/calendar` },
      { method: 'GET' as const, url: `/api/customers/downloadSchedule/${mine.id}` },
      { method: 'GET' as const, url: '/api/me' },
    ];
    for (const request of requests) {
      const response = await t.app.inject({ ...request, headers: bearer(token) });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
    }
    expect({ mine: await writtenFor(mine.id), theirs: await writtenFor(theirs.id) }).toEqual(before);
  });
});

describe('external access rules', () => {
  const appWith = (access: unknown) => {
    const app = Fastify();
    registerAccessControl(app, {
      jwtSecret: TEST_JWT_SECRET,
      findSessionUser: async () => null,
      isLiveProperty: async () => true,
      publicPrefixes: [],
    });
    // Inside a plugin, so a refused declaration surfaces when the app starts, as it does for the real app.
    void app.register(async (child) => {
      child.get('/api/probe', { config: { access: access as never } }, async (request) => request.external);
    });
    return app;
  };

  it('refuses to start with a scope that does not exist or a malformed rule', async () => {
    await expect(appWith({ external: 'everything' }).ready()).rejects.toThrow(/invalid access rule/);
    await expect(appWith({ external: 'calendar', roles: ['Admin'] }).ready()).rejects.toThrow(/invalid access rule/);
  });

  it('puts the verified property and scopes on the request', async () => {
    const app = appWith({ external: 'payments' });
    const token = await tokenFor({ propertyId: 5, scopes: ['payments'] });
    const response = await app.inject({ url: '/api/probe', headers: bearer(token) });
    expect(response.json()).toEqual({ propertyId: 5, scopes: ['payments'] });
    await app.close();
  });
});
