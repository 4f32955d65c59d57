import { OFFICE_HOURS, settingsValuesSchema, type SettingName, type SettingsValues } from '@lawn/shared';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import * as repo from './settings.repo';

/** The days between a declined charge and each retry until an Admin sets their own. */
const DEFAULT_RETRY_DAYS = [3, 5, 7];

/** Each setting's default: the environment's value where one exists (its first default), else the product's. */
export function settingDefaults(config: Pick<Config, 'officePhone' | 'billingCharges'>): SettingsValues {
  return {
    officePhone: config.officePhone ?? null,
    officeHours: OFFICE_HOURS,
    mowYear: null,
    billingCharges: config.billingCharges,
    billingRetryDays: DEFAULT_RETRY_DAYS,
  };
}

/** The stored values over the defaults; a stored value the current rules no longer read keeps its default. */
export function effectiveSettings(stored: Record<string, unknown>, defaults: SettingsValues): SettingsValues {
  const values: Record<string, unknown> = { ...defaults };
  for (const name of Object.keys(defaults) as SettingName[]) {
    if (!(name in stored)) continue;
    const parsed = settingsValuesSchema.shape[name].safeParse(stored[name]);
    if (parsed.success) values[name] = parsed.data;
  }
  return values as SettingsValues;
}

/**
 * The settings as this process reads them. Several API processes share the database, so none may keep a value past
 * a change: every read compares the stored version (one indexed row) and reads the values again only when it moved.
 */
export function createSettingsStore({ db, defaults }: { db: Executor; defaults: SettingsValues }) {
  let cached: { version: number; values: SettingsValues } | null = null;
  return {
    defaults,
    async current(): Promise<SettingsValues> {
      const version = await repo.readVersion(db);
      if (cached?.version === version) return cached.values;
      const stored = await repo.readSettings(db);
      cached = { version: stored.version, values: effectiveSettings(stored.values, defaults) };
      return cached.values;
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
