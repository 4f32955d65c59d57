import type { SettingsChange, SettingsHistorySection } from '@lawn/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settings, settingsHistory, users } from '../../db/schema';

export type StoredSettings = { values: Record<string, unknown>; version: number };

const SETTINGS_ROW = 1;

/** The version alone: what a cache compares before it reads the values again. */
export async function readVersion(db: Executor): Promise<number> {
  const [row] = await db.select({ version: settings.version }).from(settings).where(eq(settings.id, SETTINGS_ROW));
  return row?.version ?? 0;
}

export async function readSettings(db: Executor): Promise<StoredSettings> {
  const [row] = await db
    .select({ values: settings.values, version: settings.version })
    .from(settings)
    .where(eq(settings.id, SETTINGS_ROW));
  return row ?? { values: {}, version: 0 };
}

/** The row locked for an update, created first on a database that has none (the migration creates it). */
export async function lockSettings(tx: Executor): Promise<StoredSettings> {
  await tx.insert(settings).values({ id: SETTINGS_ROW }).onConflictDoNothing();
  const [row] = await tx
    .select({ values: settings.values, version: settings.version })
    .from(settings)
    .where(eq(settings.id, SETTINGS_ROW))
    .for('update');
  if (!row) throw new Error('The settings row is missing');
  return row;
}

export async function writeSettings(tx: Executor, values: Record<string, unknown>): Promise<number> {
  const [row] = await tx
    .update(settings)
    .set({ values, version: sql`${settings.version} + 1` })
    .where(eq(settings.id, SETTINGS_ROW))
    .returning({ version: settings.version });
  if (!row) throw new Error('The settings row is missing');
  return row.version;
}

export type ChangeRecord = {
  section: SettingsHistorySection;
  changes: Record<string, { from: unknown; to: unknown }>;
  changedBy: number;
};

export async function insertHistory(tx: Executor, change: ChangeRecord): Promise<void> {
  await tx.insert(settingsHistory).values(change);
}

/** The latest change of a section, with the name of who made it (null once their user is gone). */
export async function lastChange(db: Executor, section: SettingsHistorySection): Promise<SettingsChange | null> {
  const [row] = await db
    .select({
      changedAt: settingsHistory.changedAt,
      changedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(settingsHistory)
    .leftJoin(users, eq(users.id, settingsHistory.changedBy))
    .where(eq(settingsHistory.section, section))
    .orderBy(desc(settingsHistory.changedAt), desc(settingsHistory.id))
    .limit(1);
  return row ? { changedAt: row.changedAt.toISOString(), changedBy: row.changedBy } : null;
}
