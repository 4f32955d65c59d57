import {
  OFFICE_HOURS,
  SETTINGS_MESSAGES,
  VALIDATION_MESSAGES,
  VERSION_MESSAGES,
  type SettingsResponse,
} from '@lawn/shared';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/client';
import { settingsHistory } from '../../db/schema';
import { createLogger } from '../../logger';
import { insertMarket } from '../../test/record-fixtures';
import { useTestContext, type TestUser } from '../../test/test-app';

const t = useTestContext({ config: { officePhone: '2145550100', billingCharges: 'schedule' } });

let admin: TestUser;
let headers: { authorization: string };

beforeAll(async () => {
  admin = await t.createUser({ role: 'Admin', firstName: 'Ada', lastName: 'Owner' });
  headers = await t.authHeaders(admin);
});

async function readSettings(app = t.app): Promise<SettingsResponse> {
  const response = await app.inject({ url: '/api/settings', headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: SettingsResponse }>().data;
}

async function patch(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PATCH', url: '/api/settings', headers, payload });
}

const errorsOf = (response: { json: <T>() => T }) =>
  response.json<{ errors?: Record<string, string[]> }>().errors ?? {};

describe('GET /api/settings', () => {
  it('answers the defaults, the environment first, until an Admin changes them', async () => {
    const isolated = await t.createUser({ role: 'Representative' });
    const response = await t.app.inject({ url: '/api/settings', headers: await t.authHeaders(isolated) });
    expect(response.statusCode).toBe(200);
    const { values, version, markets } = response.json<{ data: SettingsResponse }>().data;
    expect(version).toBeGreaterThanOrEqual(1);
    expect(markets.every((market) => market.version >= 1)).toBe(true);
    expect(Object.keys(values).sort()).toEqual([
      'billingCharges',
      'billingRetryDays',
      'mowYear',
      'officeHours',
      'officePhone',
      'priceChangeEmails',
    ]);
    // Customers hear of a bulk price change before their next visit unless the business switches it off.
    expect(values.priceChangeEmails).toBe(true);
  });

  it('is refused to crews and customers', async () => {
    for (const role of ['crew', 'customers'] as const) {
      const user = await t.createUser({ role });
      const response = await t.app.inject({ url: '/api/settings', headers: await t.authHeaders(user) });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('PATCH /api/settings', () => {
  it('changes the settings sent, moves the version and records who and when per section', async () => {
    const before = await readSettings();
    const response = await patch({
      billingRetryDays: [2, 4, 9],
      billingCharges: 'check-out',
      version: before.version,
    });
    expect(response.statusCode).toBe(200);
    const after = response.json<{ data: SettingsResponse }>().data;
    expect(after.version).toBe(before.version + 1);
    expect(after.values.billingRetryDays).toEqual([2, 4, 9]);
    expect(after.values.billingCharges).toBe('check-out');
    expect(after.values.officeHours).toBe(before.values.officeHours);
    expect(after.lastChanges.billing?.changedBy).toBe('Ada Owner');
    expect(Date.now() - Date.parse(after.lastChanges.billing?.changedAt ?? '')).toBeLessThan(60_000);

    const [row] = await t.db
      .select()
      .from(settingsHistory)
      .where(eq(settingsHistory.section, 'billing'))
      .orderBy(desc(settingsHistory.id))
      .limit(1);
    expect(row?.changedBy).toBe(admin.id);
    expect(row?.changes).toEqual({
      billingRetryDays: { from: before.values.billingRetryDays, to: [2, 4, 9] },
      billingCharges: { from: 'schedule', to: 'check-out' },
    });
  });

  it('answers 409 to a stale version and writes nothing', async () => {
    const before = await readSettings();
    const response = await patch({ officeHours: 'Never', version: before.version - 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(SETTINGS_MESSAGES.stale);
    const after = await readSettings();
    expect(after.version).toBe(before.version);
    expect(after.values.officeHours).toBe(before.values.officeHours);
  });

  it('keeps the saved mow year, and null follows the current one again', async () => {
    const saved = await patch({ mowYear: 2027, version: (await readSettings()).version });
    expect(saved.json<{ data: SettingsResponse }>().data.values.mowYear).toBe(2027);
    expect((await readSettings()).lastChanges.season?.changedBy).toBe('Ada Owner');
    const cleared = await patch({ mowYear: null, version: (await readSettings()).version });
    expect(cleared.json<{ data: SettingsResponse }>().data.values.mowYear).toBeNull();
  });

  it.each([
    [{ billingRetryDays: '3,5' }, 'billingRetryDays', SETTINGS_MESSAGES.retryScheduleInvalid],
    [{ billingRetryDays: [3, 0] }, 'billingRetryDays', SETTINGS_MESSAGES.retryScheduleRange],
    [{ billingRetryDays: [61] }, 'billingRetryDays', SETTINGS_MESSAGES.retryScheduleRange],
    [{ billingRetryDays: [2.5] }, 'billingRetryDays', SETTINGS_MESSAGES.retryScheduleRange],
    [{ billingRetryDays: [] }, 'billingRetryDays', SETTINGS_MESSAGES.retryScheduleRange],
    [{ billingRetryDays: Array(11).fill(1) }, 'billingRetryDays', SETTINGS_MESSAGES.retryScheduleRange],
    [{ mowYear: 1999 }, 'mowYear', SETTINGS_MESSAGES.mowYearInvalid],
    [{ mowYear: 2026.5 }, 'mowYear', SETTINGS_MESSAGES.mowYearInvalid],
    [{ officePhone: '12345' }, 'officePhone', SETTINGS_MESSAGES.officePhoneInvalid],
    [{ officeHours: '   ' }, 'officeHours', SETTINGS_MESSAGES.officeHoursRequired],
    [{ officeHours: 'a\u0000b' }, 'officeHours', VALIDATION_MESSAGES.noNul],
    [{ officeHours: 'x'.repeat(101) }, 'officeHours', 'Max. 100 characters'],
    [{ billingCharges: 'never' }, 'billingCharges', SETTINGS_MESSAGES.billingChargesInvalid],
  ])('refuses %j with 400 and its message', async (body, field, message) => {
    const { version } = await readSettings();
    const response = await patch({ ...body, version });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)[field]?.[0]).toBe(message);
    expect((await readSettings()).version).toBe(version);
  });

  it('refuses a patch without a version, with nothing to change, or with an unknown setting', async () => {
    expect(errorsOf(await patch({ officeHours: 'Mon' }))['version']).toEqual([VERSION_MESSAGES.invalid]);
    const { version } = await readSettings();
    const empty = await patch({ version });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(SETTINGS_MESSAGES.nothingToChange);
    expect((await patch({ jwtSecret: 'x', version })).statusCode).toBe(400);
  });

  it('is for Admins only', async () => {
    const { version } = await readSettings();
    for (const role of ['Manager', 'Representative', 'customer-service', 'crew'] as const) {
      const user = await t.createUser({ role });
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: await t.authHeaders(user),
        payload: { officeHours: 'Never', version },
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await readSettings()).version).toBe(version);
  });
});

describe('a second API process on the same database', () => {
  it('shows a change made through the first without a restart', async () => {
    const log = createLogger({ level: 'silent' });
    const second = createDatabase(String(t.pool.options.connectionString), log, { max: 2 });
    const other = await buildApp({
      config: t.config,
      db: second.db,
      jobs: t.jobs,
      mailer: { send: async () => ({ messageId: '' }), close: () => undefined },
      logger: log,
      checkResponses: true,
    });
    try {
      const publicSettings = async () =>
        (await other.inject({ url: '/api/web/sign-up-settings' })).json<{
          data: { officePhone: string | null; officeHours: string };
        }>().data;
      // The second process reads (and caches) the current values first.
      const first = await publicSettings();
      expect(first.officeHours).toBe((await readSettings()).values.officeHours);

      const { version } = await readSettings();
      const saved = await patch({ officePhone: '+1 (469) 555-0199', officeHours: 'Every day, 7am to 7pm', version });
      expect(saved.statusCode).toBe(200);

      expect(await publicSettings()).toMatchObject({ officePhone: '4695550199', officeHours: 'Every day, 7am to 7pm' });
      const again = await patch({ officePhone: '', officeHours: OFFICE_HOURS, version: version + 1 });
      expect(again.statusCode).toBe(200);
      expect(await publicSettings()).toMatchObject({ officePhone: null, officeHours: OFFICE_HOURS });
    } finally {
      await other.close();
      await second.pool.end();
    }
  });
});

describe('PATCH /api/settings/markets/:id', () => {
  const edit = (id: number, payload: Record<string, unknown>, auth = headers) =>
    t.app.inject({ method: 'PATCH', url: `/api/settings/markets/${id}`, headers: auth, payload });
  const marketValues = { name: 'Waco Admin', taxRate: 6.875, timeZone: 'America/Chicago', phone: '(254) 555-0100' };

  it('changes a market from its own version and records the change', async () => {
    const id = await insertMarket(t.db, `Waco ${Date.now()}`);
    const response = await edit(id, { ...marketValues, version: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: unknown }>().data).toEqual({
      id,
      ...marketValues,
      phone: '2545550100',
      depot: null,
      version: 2,
    });
    const settings = await readSettings();
    expect(settings.markets.find((market) => market.id === id)?.taxRate).toBe(6.875);
    expect(settings.lastChanges.markets?.changedBy).toBe('Ada Owner');

    const stale = await edit(id, { ...marketValues, taxRate: 9, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe(SETTINGS_MESSAGES.marketStale);
  });

  it('sets and clears the depot from the version read, keeps it when not sent, and records it', async () => {
    const id = await insertMarket(t.db, `Temple ${Date.now()}`);
    const depot = { address: '100 Yard Road, Temple, TX', lat: 31.0982, lng: -97.3428 };
    const set = await edit(id, { ...marketValues, name: `Temple ${Date.now()}`, depot, version: 1 });
    expect(set.statusCode).toBe(200);
    expect(set.json<{ data: { depot: unknown } }>().data.depot).toEqual(depot);
    const [history] = await t.db
      .select()
      .from(settingsHistory)
      .where(eq(settingsHistory.section, 'markets'))
      .orderBy(desc(settingsHistory.id))
      .limit(1);
    expect(history?.changes).toMatchObject({ market: { from: id, to: id }, depot: { from: null, to: depot } });

    const { name } = set.json<{ data: { name: string } }>().data;
    const kept = await edit(id, { ...marketValues, name, taxRate: 7, version: 2 });
    expect(kept.json<{ data: { depot: unknown } }>().data.depot).toEqual(depot);
    const cleared = await edit(id, { ...marketValues, name, taxRate: 7, depot: null, version: 3 });
    expect(cleared.json<{ data: { depot: unknown; version: number } }>().data).toMatchObject({
      depot: null,
      version: 4,
    });
  });

  it('refuses a depot edit made from a version the depot route has since moved', async () => {
    const id = await insertMarket(t.db, `Killeen ${Date.now()}`);
    const depot = { address: '1 Depot Way', lat: 31.1, lng: -97.7 };
    const put = await t.app.inject({ method: 'PUT', url: `/api/markets/${id}/depot`, headers, payload: depot });
    expect(put.statusCode).toBe(200);
    const stale = await edit(id, { ...marketValues, name: `Killeen ${Date.now()}`, depot: null, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await readSettings()).markets.find((market) => market.id === id)?.depot).toEqual(depot);
  });

  it.each([
    [{ depot: { address: 'Yard', lat: 91, lng: -97 } }, 'depot.lat', VALIDATION_MESSAGES.number(-90, 90)],
    [{ depot: { address: 'Yard', lat: 31, lng: 'west' } }, 'depot.lng', VALIDATION_MESSAGES.number(-180, 180)],
    [{ depot: { address: 'Yard\u0000', lat: 31, lng: -97 } }, 'depot.address', VALIDATION_MESSAGES.noNul],
    [
      { depot: { address: 'x'.repeat(201), lat: 31, lng: -97 } },
      'depot.address',
      VALIDATION_MESSAGES.maxCharacters(200),
    ],
  ])('refuses the depot %j with 400 on its field', async (body, field, message) => {
    const id = await insertMarket(t.db, `Bad depot ${Date.now()}`);
    const response = await edit(id, { ...marketValues, name: `Bad depot ${Date.now()}`, ...body, version: 1 });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)[field]?.[0]).toBe(message);
  });

  it.each([
    [{ taxRate: 100.5 }, 'taxRate', SETTINGS_MESSAGES.taxRateInvalid],
    [{ taxRate: 8.1234 }, 'taxRate', SETTINGS_MESSAGES.taxRateInvalid],
    [{ timeZone: 'Mars/Base' }, 'timeZone', SETTINGS_MESSAGES.timeZoneInvalid],
    [{ name: '' }, 'name', SETTINGS_MESSAGES.marketNameRequired],
    [{ phone: '555' }, 'phone', SETTINGS_MESSAGES.marketPhoneInvalid],
  ])('refuses %j with 400', async (body, field, message) => {
    const id = await insertMarket(t.db, `Bad ${field} ${Date.now()}`);
    const response = await edit(id, { ...marketValues, ...body, version: 1 });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)[field]?.[0]).toBe(message);
  });

  it('refuses a name another market has, an unknown market and anyone but an Admin', async () => {
    const taken = `Taken ${Date.now()}`;
    await insertMarket(t.db, taken);
    const id = await insertMarket(t.db, `Other ${Date.now()}`);
    const clash = await edit(id, { ...marketValues, name: taken.toUpperCase(), version: 1 });
    expect(clash.statusCode).toBe(400);
    expect(errorsOf(clash)['name']).toEqual([SETTINGS_MESSAGES.marketNameTaken]);
    expect((await edit(2_000_000_000, { ...marketValues, version: 1 })).statusCode).toBe(404);
    const manager = await t.createUser({ role: 'Manager' });
    const refused = await edit(id, { ...marketValues, version: 1 }, await t.authHeaders(manager));
    expect(refused.statusCode).toBe(403);
  });
});
