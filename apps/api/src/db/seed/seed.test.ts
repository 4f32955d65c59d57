import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addressKey } from '@lawn/shared';
import {
  countyRecords,
  customers,
  markets,
  notifications,
  properties,
  propertySchedules,
  scheduleRuns,
  serviceZones,
  states,
  users,
} from '../schema';
import { useTestContext } from '../../test/test-app';
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { demoAccountsWithDemoPassword, hasDemoUsers, hasUsers, seedDatabase } from './seed';

const t = useTestContext();

describe('seedDatabase', () => {
  it('loads states, the Texas markets, one user per role and the admin’s notifications, and can run again', async () => {
    expect(await hasUsers(t.db)).toBe(false);
    await seedDatabase(t.db);
    await seedDatabase(t.db);

    const allStates = await t.db.select().from(states);
    expect(allStates).toHaveLength(51);
    expect(allStates.filter((state) => state.isActive).map((state) => state.code)).toEqual(['TX']);

    const seededMarkets = await t.db.select().from(markets);
    expect(seededMarkets.map((market) => market.name).sort()).toEqual([
      'Austin',
      'Dallas',
      'Fort Worth',
      'San Antonio',
    ]);
    expect(seededMarkets.every((market) => market.taxRate === 8.25 && market.timeZone === 'America/Chicago')).toBe(
      true,
    );

    const seededUsers = await t.db.select().from(users);
    // Besides the staff, the demo customer's web account and the crews' users (tested below).
    const staffUsers = seededUsers.filter(
      (user) => user.email !== DEMO_CUSTOMER_EMAIL && !/^crew\d+@example\.com$/.test(user.email),
    );
    expect(staffUsers.map((user) => [user.email, user.role]).sort()).toEqual(
      DEMO_USERS.map((user) => [user.email, user.role]).sort(),
    );
    expect(seededUsers.find((user) => user.email === 'crew@example.com')?.crewNumber).toBe(101);
    expect(await hasDemoUsers(t.db)).toBe(true);

    const [admin] = seededUsers.filter((user) => user.email === 'admin@example.com');
    const adminNotes = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin?.id ?? 0));
    expect(adminNotes.map((note) => note.typeId).sort()).toEqual([3, 4, 4]);
    expect(adminNotes.filter((note) => note.status === 0)).toHaveLength(1);
    const [total] = await t.db.select({ total: count() }).from(notifications);
    expect(total?.total).toBe(3);

    // About 5,000 demo properties, once.
    const [demoProperties] = await t.db.select({ total: count() }).from(properties);
    expect(demoProperties?.total).toBe(5000);

    // The current mow year is processed once, so calendars show real weeks on a fresh install.
    const runs = await t.db.select().from(scheduleRuns);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', total: 5000, progress: 5000 });
    const [planned] = await t.db
      .select({ total: count() })
      .from(propertySchedules)
      .where(sql`cardinality(${propertySchedules.workdays}) > 0`);
    expect(planned?.total).toBeGreaterThan(1000);
  });

  it('gives every market its phone and serves every demo property’s zip from a zone of its market', async () => {
    const seededMarkets = await t.db.select({ phone: markets.phone }).from(markets);
    expect(seededMarkets.every((market) => /^\d{10}$/.test(market.phone ?? ''))).toBe(true);

    const [outsideZones] = await t.db
      .select({ total: count() })
      .from(properties)
      .leftJoin(serviceZones, eq(serviceZones.zipcode, properties.zipcode))
      .where(sql`${serviceZones.marketId} is distinct from ${properties.marketId}`);
    expect(outsideZones?.total).toBe(0);
    const zones = await t.db.select().from(serviceZones);
    expect(zones.every((zone) => zone.isValidated && zone.state === 'TX' && zone.city !== '')).toBe(true);
    expect(zones.filter((zone) => zone.exceptions !== '').length).toBeGreaterThan(0);
  });

  it('keeps a county record for every demo property, found by its address key', async () => {
    const [records] = await t.db.select({ total: count() }).from(countyRecords);
    expect(records?.total).toBe(5000);
    const [property] = await t.db.select().from(properties).limit(1);
    const [record] = await t.db
      .select()
      .from(countyRecords)
      .where(
        sql`${countyRecords.zipcode} = ${property?.zipcode} and ${countyRecords.addressKey} = ${addressKey(property?.serviceAddress ?? '')}`,
      );
    expect(record?.ownerName).toBe(`${property?.customerFirstName} ${property?.customerLastName}`);
    expect(record?.lotSize).toBeGreaterThan(property?.turfSize ?? 0);
  });

  it('gives every crew number the demo properties use exactly one crew user', async () => {
    const used = await t.db
      .selectDistinct({ crew: properties.crew })
      .from(properties)
      .where(sql`${properties.crew} is not null`);
    const crewUsers = await t.db.select({ crewNumber: users.crewNumber }).from(users).where(eq(users.role, 'crew'));
    const crewNumbers = crewUsers.map((user) => user.crewNumber).sort();
    expect(used.length).toBeGreaterThan(20);
    expect(crewNumbers).toEqual(used.map((row) => row.crew).sort());
  });

  it('lets every demo user sign in with the demo password', async () => {
    for (const demo of DEMO_USERS) {
      await expect(t.signIn(demo.email, DEMO_PASSWORD)).resolves.toMatchObject({ authType: 'Bearer' });
    }
  });

  it("gives one demo customer a web account that signs in at the customer door and reaches that customer's properties", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/web/auth/login',
      payload: { email: DEMO_CUSTOMER_EMAIL, password: DEMO_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { accessToken } = response.json<{ data: { accessToken: string } }>().data;
    const list = await t.app.inject({
      url: '/api/customer/payment-methods',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const owned = list.json<{ data: { parentId: number }[] }>().data;
    expect(owned.length).toBeGreaterThan(0);
    const [customer] = await t.db.select().from(customers).where(eq(customers.email, DEMO_CUSTOMER_EMAIL));
    expect(owned.every((property) => property.parentId === customer?.id)).toBe(true);
    expect(await demoAccountsWithDemoPassword(t.db)).toContain(DEMO_CUSTOMER_EMAIL);
  });
});
