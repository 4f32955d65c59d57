import { NOTIFICATION_STATUS, NOTIFICATION_TYPES, ACTIVE_STATE_CODES, US_STATES } from '@lawn/shared';
import { verify } from '@node-rs/argon2';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../client';
import { markets, notifications, states, users } from '../schema';
import { hashPassword } from '../../modules/auth/auth.service';
import { seedDemoCrews } from './crews-seed';
import { DEMO_PROPERTY_COUNT, seedDemoCustomers } from './customers-seed';
import { seedDemoPayments } from './payments-seed';
import { seedDemoSchedules } from './schedules-seed';
import { DEMO_CUSTOMER_EMAIL, DEMO_MARKETS, DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { seedCountyRecords, seedMarketPhones, seedServiceZones } from './places-seed';
import { seedDemoReferrals } from './referrals-seed';
import { seedDemoVisits } from './visits-seed';
import { seedDemoWebAccount } from './web-account-seed';
import type { FileStorage } from '../../storage/file-storage';

const HOUR = 60 * 60 * 1000;

export type SeedOptions = {
  /** Demo properties (with their customers) for a database without any; 0 skips them. */
  demoProperties?: number;
  /**
   * Payment tokens and a season of invoices for the demo properties (default true). Their tokens live in the local
   * gateway's vault, so an installation with another gateway leaves them out.
   */
  demoPayments?: boolean;
  /** Where the demo visits' photos are kept; without a store the demo has no visits. */
  files?: FileStorage;
};

/**
 * Reference data (states, markets with their phones, service zones), demo sign-ins, demo referrals, demo customers and
 * their county records. Safe to run again: existing rows are left as they are.
 */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(states)
      .values(US_STATES.map((state) => ({ ...state, isActive: ACTIVE_STATE_CODES.includes(state.code) })))
      .onConflictDoNothing({ target: states.code });

    const [texas] = await tx.select({ id: states.id }).from(states).where(eq(states.code, 'TX'));
    await tx
      .insert(markets)
      .values(DEMO_MARKETS.map((market) => ({ ...market, stateId: texas?.id ?? null })))
      .onConflictDoNothing();
    await seedMarketPhones(tx);
    await seedServiceZones(tx);

    for (const demo of DEMO_USERS) {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${demo.email}`);
      if (existing) continue;
      await tx.insert(users).values({
        email: demo.email,
        firstName: demo.firstName,
        lastName: demo.lastName,
        role: demo.role,
        crewNumber: demo.crewNumber ?? null,
        passwordHash: await hashPassword(DEMO_PASSWORD),
      });
    }

    await seedAdminNotifications(tx);
    await seedDemoReferrals(tx);
  });
  const demoProperties = options.demoProperties ?? DEMO_PROPERTY_COUNT;
  const insertedProperties = await seedDemoCustomers(db, { properties: demoProperties });
  if (demoProperties > 0) await seedDemoSchedules(db);
  if (demoProperties > 0) await seedDemoCrews(db);
  // County records describe the demo properties, so they come only with a fresh set of them.
  if (insertedProperties > 0) await seedCountyRecords(db);
  if (demoProperties > 0 && options.demoPayments !== false) await seedDemoPayments(db);
  if (demoProperties > 0) await seedDemoWebAccount(db);
  if (demoProperties > 0 && options.files) await seedDemoVisits(db, options.files);
}

/** A few notifications for the admin, so the bell shows real data on a fresh install. */
async function seedAdminNotifications(tx: Transaction): Promise<void> {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  if (!admin) return;
  const [existing] = await tx.select({ total: count() }).from(notifications).where(eq(notifications.userId, admin.id));
  if (existing && existing.total > 0) return;
  const now = Date.now();
  await tx.insert(notifications).values([
    {
      userId: admin.id,
      typeId: NOTIFICATION_TYPES.customerActivity,
      name: 'Customer asked to change the mow day to Friday',
      date: new Date(now - 2 * HOUR),
      customerName: 'Jordan Smith',
    },
    {
      userId: admin.id,
      typeId: NOTIFICATION_TYPES.other,
      name: 'Season start schedule is ready for review',
      date: new Date(now + 6 * HOUR),
    },
    {
      userId: admin.id,
      typeId: NOTIFICATION_TYPES.other,
      status: NOTIFICATION_STATUS.read,
      name: 'Weekly crew payments were uploaded',
      date: new Date(now - 3 * 24 * HOUR),
      readAt: new Date(now - 2 * 24 * HOUR),
    },
  ]);
}

export async function hasUsers(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users);
  return (row?.total ?? 0) > 0;
}

/** Whether the demo sign-ins still exist, so the start banner only advertises accounts that work. */
export async function hasDemoUsers(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        DEMO_USERS.map((user) => user.email),
      ),
    );
  return (row?.total ?? 0) === DEMO_USERS.length;
}

/**
 * The demo accounts (staff and the demo customer's web account) that still have the demo password, which the README
 * publishes: anyone who can reach the app can sign in with them (one of them is an Admin).
 */
export async function demoAccountsWithDemoPassword(db: Database): Promise<string[]> {
  const demoAccounts = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...DEMO_USERS.map((user) => user.email), DEMO_CUSTOMER_EMAIL]));
  const exposed: string[] = [];
  for (const account of demoAccounts) {
    // The hash names its own algorithm and cost; a malformed one is no known password.
    const isDemoPassword = await verify(account.passwordHash, DEMO_PASSWORD).catch(() => false);
    if (isDemoPassword) exposed.push(account.email);
  }
  return exposed.sort();
}
