import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { EXTERNAL_SCOPES, ROLES, type ExternalScope, type Role } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import type { HTTPMethods, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX } from '../app';
import {
  alarms,
  bushBedServices,
  invoices,
  locations,
  noteAttachments,
  notes,
  notifications,
  reports,
  savedSearches,
  serviceZones,
  visitPhotos,
  visits,
} from '../db/schema';
import { createPostgresFileStorage } from '../storage/postgres-storage';
import { insertMarket, insertRecord } from '../test/record-fixtures';
import { signExternalToken } from '../tokens/external-token';
import { nextIp, TEST_JWT_SECRET, useTestContext, type TestUser } from '../test/test-app';
import { isApiUrl, type Access } from './auth';
import { OWNED_FIXTURES, ROUTE_EXPECTATIONS, type Fixture, type RouteExpectation } from './route-matrix.expectations';

/**
 * The role-by-route matrix: every API route, called as every kind of caller, answers what its declared access says.
 * A refused caller gets exactly 401 (no token, or a token of the wrong kind) or 403 (a role or scope the route does
 * not allow); an allowed one never gets 401, 403 or a 5xx (a 400 for the empty body is fine: access comes first).
 * Routes on a user's own objects (reports, notifications) answer another user's object as missing.
 */
const t = useTestContext();

type Caller =
  | { name: string; kind: 'anonymous' }
  | { name: string; kind: 'bad-token'; authorization: string }
  | { name: string; kind: 'user'; user: TestUser; isActive: boolean }
  | { name: string; kind: 'external'; hasScope: boolean };

type Outcome = 'allowed' | 401 | 403;

const callers: Caller[] = [];
/** The user whose reports and notifications every other caller must not reach. */
let stranger: TestUser;
let propertyId: number;
let marketId: number;
/** The zip of the test market's zone; spare zones take the zips after it. */
const MATRIX_ZIPCODE = '75201';
let spareZipcode = 10_000;

beforeAll(async () => {
  marketId = await insertMarket(t.db, 'Matrix market');
  propertyId = (await insertRecord(t.db, { marketId })).id;
  await t.db.insert(serviceZones).values({ marketId, zipcode: MATRIX_ZIPCODE, city: 'Dallas', state: 'TX' });
  stranger = await t.createUser({ role: 'Admin' });
  // A real Admin token whose signature is not ours.
  const [header, payload] = (await t.tokenFor(stranger)).split('.');
  const forged = `${header}.${payload}.${'A'.repeat(43)}`;
  callers.push(
    { name: 'anonymous', kind: 'anonymous' },
    { name: 'garbage token', kind: 'bad-token', authorization: 'Bearer not-a-token' },
    { name: 'forged Admin token', kind: 'bad-token', authorization: `Bearer ${forged}` },
  );
  for (const role of ROLES) {
    const user = await t.createUser({ role, crewNumber: role === 'crew' ? 101 : null });
    callers.push({ name: role, kind: 'user', user, isActive: true });
  }
  const disabled = await t.createUser({ role: 'Admin', status: 0 });
  callers.push(
    { name: 'disabled Admin', kind: 'user', user: disabled, isActive: false },
    { name: 'external token with the scope', kind: 'external', hasScope: true },
    { name: 'external token without the scope', kind: 'external', hasScope: false },
  );
});

/** The scope an external token needs on this route: an external route's, or a customer route's. */
function scopeOf(access: Access): ExternalScope | undefined {
  if (typeof access !== 'object' || Array.isArray(access)) return undefined;
  if ('external' in access) return access.external;
  if ('customer' in access) return access.customer;
  return undefined;
}

/** What the declared access promises this caller. */
function outcomeFor(access: Access, caller: Caller): Outcome {
  if (access === 'public') return 'allowed';
  const isExternalRoute = typeof access === 'object' && 'external' in access;
  // A customer route: a signed-in customer, or an external token with the scope; staff are refused (403).
  const isCustomerRoute = typeof access === 'object' && 'customer' in access;
  if (caller.kind === 'external') {
    if (!isExternalRoute && !isCustomerRoute) return 401;
    return caller.hasScope ? 'allowed' : 403;
  }
  if (caller.kind !== 'user' || !caller.isActive || isExternalRoute) return 401;
  if (isCustomerRoute) return caller.user.role === 'customers' ? 'allowed' : 403;
  if (access === 'authenticated') return 'allowed';
  return (access as readonly Role[]).includes(caller.user.role) ? 'allowed' : 403;
}

/** The route's own scope, or every other one: "without the scope" still holds a valid token for the property. */
function externalScopes(access: Access, hasScope: boolean): ExternalScope[] {
  const scope = scopeOf(access);
  if (hasScope) return scope ? [scope] : [...EXTERNAL_SCOPES];
  return EXTERNAL_SCOPES.filter((other) => other !== scope);
}

async function headersFor(caller: Caller, access: Access): Promise<Record<string, string>> {
  switch (caller.kind) {
    case 'anonymous':
      return {};
    case 'bad-token':
      return { authorization: caller.authorization };
    case 'user':
      return t.authHeaders(caller.user);
    case 'external': {
      const token = await signExternalToken(
        { propertyId, scopes: externalScopes(access, caller.hasScope) },
        TEST_JWT_SECRET,
      );
      return { authorization: `Bearer ${token}` };
    }
  }
}

let locationCount = 0;
let bushBedCount = 0;
/** The fresh note of the latest `attachmentNote` fixture, which the `attachment` fixture after it belongs to. */
let attachmentNoteId = 0;
/** The fresh visit of the latest `visit` fixture, which the `visitPhoto` fixture after it belongs to. */
let visitId = 0;
let visitDay = 0;
let invoiceWeek = 0;
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

/** A fresh object of the fixture's kind for its owner; ids of shared fixtures are reused. */
async function fixtureId(fixture: Fixture, owner: TestUser): Promise<number | string> {
  switch (fixture) {
    case 'property':
      return propertyId;
    case 'spareProperty':
      return (await insertRecord(t.db, { marketId })).id;
    case 'squareFeet':
      return 5000;
    case 'market':
      return marketId;
    case 'zipcode':
      return MATRIX_ZIPCODE;
    case 'spareServiceZone': {
      spareZipcode += 1;
      const [zone] = await t.db
        .insert(serviceZones)
        .values({ marketId, zipcode: String(spareZipcode), city: 'Matrix', state: 'TX' })
        .returning({ id: serviceZones.id });
      if (!zone) throw new Error('service zone not inserted');
      return zone.id;
    }
    case 'report': {
      const [row] = await t.db
        .insert(reports)
        .values({ userId: owner.id, name: 'Matrix', filename: 'matrix.csv', format: 'csv', query: {} })
        .returning({ id: reports.id });
      if (!row) throw new Error('report not inserted');
      return row.id;
    }
    case 'savedSearch': {
      const [row] = await t.db
        .insert(savedSearches)
        .values({ userId: owner.id, name: 'Matrix', filter: 'filter[status]=1' })
        .returning({ id: savedSearches.id });
      if (!row) throw new Error('saved search not inserted');
      return row.id;
    }
    case 'note': {
      const [row] = await t.db
        .insert(notes)
        .values({ propertyId, typeId: 1, serviceDate: '2026-05-04', serviceHour: '09:30', description: 'Matrix' })
        .returning({ id: notes.id });
      if (!row) throw new Error('note not inserted');
      return row.id;
    }
    case 'attachmentNote': {
      const [row] = await t.db
        .insert(notes)
        .values({ propertyId, typeId: 1, serviceDate: '2026-05-04', serviceHour: '09:30', description: 'Files' })
        .returning({ id: notes.id });
      if (!row) throw new Error('note not inserted');
      attachmentNoteId = row.id;
      return row.id;
    }
    case 'attachment': {
      const storageKey = `notes/${attachmentNoteId}/matrix-${randomUUID()}`;
      await createPostgresFileStorage(t.db).put(storageKey, Readable.from([PNG_BYTES]));
      const [row] = await t.db
        .insert(noteAttachments)
        .values({
          noteId: attachmentNoteId,
          filename: `${storageKey.split('/').pop() ?? 'matrix'}.png`,
          contentType: 'image/png',
          size: PNG_BYTES.length,
          storageKey,
        })
        .returning({ id: noteAttachments.id });
      if (!row) throw new Error('attachment not inserted');
      return row.id;
    }
    case 'visit': {
      // A day of its own per visit: one visit per property and day.
      visitDay += 1;
      const workday = new Date(Date.UTC(2026, 2, 1) + visitDay * 86_400_000).toISOString().slice(0, 10);
      const at = new Date(`${workday}T15:00:00Z`);
      const [row] = await t.db
        .insert(visits)
        .values({ propertyId, workday, year: 2026, week: 1, crew: 101, checkedInAt: at, checkedOutAt: at })
        .returning({ id: visits.id });
      if (!row) throw new Error('visit not inserted');
      visitId = row.id;
      return row.id;
    }
    case 'invoice': {
      // A week of its own per invoice: one invoice per property and week.
      invoiceWeek += 1;
      const [row] = await t.db
        .insert(invoices)
        .values({
          propertyId,
          year: 2000 + Math.floor(invoiceWeek / 53),
          week: (invoiceWeek % 53) + 1,
          serviceDate: '2026-05-04',
          billingDate: '2026-05-05',
          total: 37.89,
          status: 2,
          declineCode: 'card_declined',
        })
        .onConflictDoNothing()
        .returning({ id: invoices.id });
      if (!row) throw new Error('invoice not inserted');
      return row.id;
    }
    case 'visitPhoto': {
      const storageKey = `visits/${propertyId}/matrix-${randomUUID()}`;
      await createPostgresFileStorage(t.db).put(storageKey, Readable.from([PNG_BYTES]));
      const [row] = await t.db
        .insert(visitPhotos)
        .values({
          visitId,
          kind: 'check-in',
          filename: 'matrix.png',
          contentType: 'image/png',
          size: PNG_BYTES.length,
          storageKey,
        })
        .returning({ id: visitPhotos.id });
      if (!row) throw new Error('visit photo not inserted');
      return row.id;
    }
    case 'location': {
      locationCount += 1;
      const [row] = await t.db
        .insert(locations)
        .values({ propertyId, streetAddress: '1 Matrix St', accountNumber: `M-${locationCount}`, zipCode: '75201' })
        .returning({ id: locations.id });
      if (!row) throw new Error('location not inserted');
      return row.id;
    }
    case 'bushBedService': {
      // A fresh week each time: a week holds one service.
      bushBedCount += 1;
      const [row] = await t.db
        .insert(bushBedServices)
        .values({
          propertyId,
          year: 2027 + Math.floor(bushBedCount / 50),
          week: (bushBedCount % 50) + 1,
          crew: 1,
          weekDay: 1,
          status: 1,
        })
        .returning({ id: bushBedServices.id });
      if (!row) throw new Error('bush-and-bed service not inserted');
      return row.id;
    }
    case 'alarm': {
      const [row] = await t.db
        .insert(alarms)
        .values({
          userId: owner.id,
          alarmDate: '2026-06-01',
          alarmHour: '09:00',
          duration: 5,
          regarding: 'M',
          detail: 'M',
        })
        .returning({ id: alarms.id });
      if (!row) throw new Error('alarm not inserted');
      return row.id;
    }
    case 'notification': {
      const [row] = await t.db
        .insert(notifications)
        .values({ userId: owner.id, typeId: 4, name: 'Matrix', date: new Date() })
        .returning({ id: notifications.id });
      if (!row) throw new Error('notification not inserted');
      return row.id;
    }
  }
}

/** Whether another user's object is exactly as it was made (not deleted, not marked read). */
async function isUntouched(fixture: Fixture, id: number): Promise<boolean> {
  if (fixture === 'report') {
    return (await t.db.select({ id: reports.id }).from(reports).where(eq(reports.id, id))).length === 1;
  }
  if (fixture === 'savedSearch') {
    return (
      (await t.db.select({ id: savedSearches.id }).from(savedSearches).where(eq(savedSearches.id, id))).length === 1
    );
  }
  const [row] = await t.db.select({ status: notifications.status }).from(notifications).where(eq(notifications.id, id));
  return row?.status === 1;
}

async function urlFor(path: string, expectation: RouteExpectation, owner: TestUser): Promise<string> {
  let url = path;
  for (const [name, fixture] of Object.entries(expectation.params ?? {})) {
    url = url.replace(`:${name}`, String(await fixtureId(fixture, owner)));
  }
  if (url.includes(':')) throw new Error(`${path}: a path parameter has no fixture in its expectation`);
  return url;
}

const call = (method: HTTPMethods, url: string, headers: Record<string, string>, body: unknown) =>
  t.app.inject({
    // Fastify's route methods include a few that light-my-request's older typings do not list; every one is sent.
    method: method as InjectOptions['method'],
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
    // Each call from its own address, so the sign-in routes' per-IP limit never answers 429 instead.
    remoteAddress: nextIp(),
  });

/** 'METHOD /path' of every registered API route; automatic HEAD twins of GET routes fold into their GET row. */
function routeKeys(): Map<string, { method: HTTPMethods; url: string; access: unknown; idempotent: unknown }> {
  const routes = t.app.routeTable.filter((route) => isApiUrl(route.url) && !route.url.startsWith(DOCS_PREFIX));
  const keys = new Map<string, { method: HTTPMethods; url: string; access: unknown; idempotent: unknown }>();
  for (const route of routes) {
    const hasGetTwin = routes.some((other) => other.method === 'GET' && other.url === route.url);
    if (route.method === 'HEAD' && hasGetTwin) continue;
    keys.set(`${route.method} ${route.url}`, {
      method: route.method,
      url: route.url,
      access: route.config.access,
      idempotent: route.config.idempotent,
    });
  }
  return keys;
}

const sortedRoles = (access: unknown): unknown => (Array.isArray(access) ? [...(access as string[])].sort() : access);

describe('the route table', () => {
  it('has an expectation for every API route, and no expectation without a route', () => {
    const registered = routeKeys();
    const missing = [...registered.keys()].filter((key) => !(key in ROUTE_EXPECTATIONS));
    const stale = Object.keys(ROUTE_EXPECTATIONS).filter((key) => !registered.has(key));
    expect(missing, 'add a row to ROUTE_EXPECTATIONS (route-matrix.expectations.ts) for each').toEqual([]);
    expect(stale, 'these rows name no registered route').toEqual([]);
  });

  it('declares on every route exactly the access its expectation states', () => {
    const differences = [...routeKeys()]
      .filter(([key, route]) => {
        const expected = ROUTE_EXPECTATIONS[key];
        return expected && JSON.stringify(sortedRoles(route.access)) !== JSON.stringify(sortedRoles(expected.access));
      })
      .map(([key, route]) => `${key} declares ${JSON.stringify(route.access)}`);
    expect(differences).toEqual([]);
  });

  it('makes every create a client may retry idempotent, and says for every POST whether it creates', () => {
    const problems: string[] = [];
    for (const [key, route] of routeKeys()) {
      const expected = ROUTE_EXPECTATIONS[key];
      if (!expected) continue;
      if (route.method === 'POST' && expected.creates === undefined) problems.push(`${key}: say whether it creates`);
      if (expected.creates === true && route.idempotent !== true) problems.push(`${key}: declare idempotent: true`);
      if (route.idempotent === true && expected.creates !== true) problems.push(`${key}: idempotent but no create`);
    }
    expect(problems).toEqual([]);
  });
});

type Row = { key: string; method: HTTPMethods; path: string; expectation: RouteExpectation; owned: Fixture[] };

const rows: Row[] = Object.entries(ROUTE_EXPECTATIONS).map(([key, expectation]) => {
  const [method, path] = key.split(' ') as [HTTPMethods, string];
  const owned = Object.values(expectation.params ?? {}).filter((fixture) => OWNED_FIXTURES.includes(fixture));
  return { key, method, path, expectation, owned };
});

/** A GET row covers its automatic HEAD twin too: both must answer the same way. */
const methodsOf = (row: Row): HTTPMethods[] => (row.method === 'GET' ? ['GET', 'HEAD'] : [row.method]);

describe.each(rows)('$key', (row) => {
  it('answers every caller as its access says', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const caller of callers) {
      const expected = outcomeFor(row.expectation.access, caller);
      const headers = await headersFor(caller, row.expectation.access);
      const owner = caller.kind === 'user' ? caller.user : stranger;
      for (const method of methodsOf(row)) {
        const url = await urlFor(row.path, row.expectation, owner);
        const status = (await call(method, url, headers, row.expectation.body)).statusCode;
        // The caller's own object must be found: a 404 here would hide a broken ownership check below.
        const isRight =
          expected === 'allowed'
            ? status < 500 && status !== 401 && status !== 403 && !(row.owned.length > 0 && status === 404)
            : status === expected;
        if (!isRight) problems.push(`${caller.name}: ${method} ${url} answered ${status}, expected ${expected}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe.each(rows.filter((row) => row.owned.length > 0))('$key on another user’s object', (row) => {
  it('answers it as missing and leaves it untouched', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    const fixture = row.owned[0] as Fixture;
    for (const caller of callers) {
      if (caller.kind !== 'user' || outcomeFor(row.expectation.access, caller) !== 'allowed') continue;
      const headers = await headersFor(caller, row.expectation.access);
      for (const method of methodsOf(row)) {
        const url = await urlFor(row.path, row.expectation, stranger);
        const id = Number(/\/(\d+)(?:\/|$)/.exec(url)?.[1]);
        const status = (await call(method, url, headers, row.expectation.body)).statusCode;
        if (status !== 404 && status !== 403) problems.push(`${caller.name}: ${method} ${url} answered ${status}`);
        if (!(await isUntouched(fixture, id))) problems.push(`${caller.name}: ${method} ${url} changed it`);
      }
    }
    expect(problems).toEqual([]);
  });
});
