import {
  SETTINGS_HISTORY_SECTIONS,
  SETTINGS_MESSAGES,
  SETTINGS_SECTIONS,
  type EditableMarket,
  type MarketUpdate,
  type SettingName,
  type SettingsPatch,
  type SettingsResponse,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import { conflict } from '../../http/errors';
import type { MarketsService } from '../markets/markets.service';
import * as repo from './settings.repo';
import { effectiveSettings, type SettingsStore } from './settings.store';

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
          await repo.insertHistory(tx, { section: section as keyof typeof SETTINGS_SECTIONS, changes, changedBy: actorId });
        }
      });
      return read();
    },

    /** Changes one market (its own version), recorded in the markets section's history. */
    async updateMarket(id: number, input: MarketUpdate, actorId: number): Promise<EditableMarket> {
      return db.transaction(async (tx) => {
        const { before, after } = await markets.update(tx, id, input);
        const changes = changesBetween(before, after, ['name', 'taxRate', 'timeZone', 'phone']);
        if (Object.keys(changes).length > 0) {
          await repo.insertHistory(tx, { section: 'markets', changes: { market: { from: id, to: id }, ...changes }, changedBy: actorId });
        }
        return after;
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
