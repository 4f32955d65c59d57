import {
  OFFICE_HOURS,
  settingsValuesSchema,
  SETTINGS_HISTORY_SECTIONS,
  SETTINGS_MESSAGES,
  SETTINGS_SECTIONS,
  type EditableMarket,
  type MarketUpdate,
  type SettingName,
  type SettingsPatch,
  type SettingsResponse,
  type SettingsValues,
} from '@lawn/shared';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { conflict } from '../../http/errors';
import type { MarketsService } from '../markets/markets.service';
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
    // Customers hear of a new price before they are charged it, unless the business says otherwise.
    priceChangeEmails: true,
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

type Deps = { db: Database; store: SettingsStore; markets: Pick<MarketsService, 'listEditable' | 'update'> };

type Changes = Record<string, { from: unknown; to: unknown }>;

/** The fields whose value differs, each with its value before and after. */
function changesBetween<T extends Record<string, unknown>>(before: T, after: T, fields: readonly (keyof T)[]): Changes {
  const changes: Changes = {};
  for (const field of fields) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      changes[field as string] = { from: before[field], to: after[field] };
    }
  }
  return changes;
}

/** The admin panel: the business's settings and its markets, each change recorded with who made it and when. */
export function createSettingsService({ db, store, markets }: Deps) {
  async function read(): Promise<SettingsResponse> {
    const stored = await repo.readSettings(db);
    const lastChanges = await Promise.all(SETTINGS_HISTORY_SECTIONS.map((section) => repo.lastChange(db, section)));
    return {
      values: effectiveSettings(stored.values, store.defaults),
      version: stored.version,
      markets: await markets.listEditable(),
      lastChanges: Object.fromEntries(SETTINGS_HISTORY_SECTIONS.map((section, index) => [section, lastChanges[index]])),
    } as SettingsResponse;
  }

  return {
    read,

    /**
     * Changes the settings sent, from the version the editor read (409 and nothing written when it moved since), and
     * records each section that changed. Every API process sees the new values on its next read (the version moved).
     */
    async update({ version, ...patch }: SettingsPatch, actorId: number): Promise<SettingsResponse> {
      await db.transaction(async (tx) => {
        const current = await repo.lockSettings(tx);
        if (current.version !== version) throw conflict(SETTINGS_MESSAGES.stale);
        const before = effectiveSettings(current.values, store.defaults);
        const after = { ...before, ...patch };
        const sectionChanges = Object.entries(SETTINGS_SECTIONS).map(
          ([section, fields]) => [section, changesBetween(before, after, fields as readonly SettingName[])] as const,
        );
        const changed = sectionChanges.filter(([, changes]) => Object.keys(changes).length > 0);
        if (changed.length === 0) return;
        await repo.writeSettings(tx, { ...current.values, ...patch });
        for (const [section, changes] of changed) {
          await repo.insertHistory(tx, {
            section: section as keyof typeof SETTINGS_SECTIONS,
            changes,
            changedBy: actorId,
          });
        }
      });
      return read();
    },

    /** Changes one market (its own version), recorded in the markets section's history. */
    async updateMarket(id: number, input: MarketUpdate, actorId: number): Promise<EditableMarket> {
      return db.transaction(async (tx) => {
        const { before, after } = await markets.update(tx, id, input);
        const changes = changesBetween(before, after, ['name', 'taxRate', 'timeZone', 'phone', 'depot']);
        if (Object.keys(changes).length > 0) {
          await repo.insertHistory(tx, {
            section: 'markets',
            changes: { market: { from: id, to: id }, ...changes },
            changedBy: actorId,
          });
        }
        return after;
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
