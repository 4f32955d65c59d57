import { MOW_YEAR_RANGE, calendarDateIn, defaultCalendarYear } from '@lawn/shared';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { createPersistedStore, type StorageLike } from '../../lib/persisted-state';
import { settingsQuery } from '../../lib/settings-query';

export function clampMowYear(year: number): number {
  return Math.min(MOW_YEAR_RANGE.max, Math.max(MOW_YEAR_RANGE.min, year));
}

/** The mow year today (in the business time zone) belongs to, within the years offered. */
export function currentMowYear(now: Date = new Date()): number {
  return clampMowYear(defaultCalendarYear(calendarDateIn(now)));
}

const sessionStorageOf = (): StorageLike | undefined =>
  typeof window === 'undefined' ? undefined : window.sessionStorage;

/**
 * The year switched to on the screen. It lasts for this tab's session only: the office shares one saved mow year
 * (the admin panel's), and a new visit must open on it rather than on whatever this browser looked at last.
 */
export const switchedMowYearStore = createPersistedStore<number | null>({
  key: 'schedule-mow-year',
  initialState: null,
  restore: (saved) => (typeof saved === 'number' && Number.isInteger(saved) ? saved : null),
  getStorage: sessionStorageOf,
});

/**
 * The mow year the schedule screen shows: the one switched to in this session, else the saved mow year of the
 * settings (the current mow year when none is saved, or when the settings cannot be read: the schedule still
 * opens). Null while the settings load, so the screen does not open on one year and jump to another.
 */
export function useMowYear(): [number | null, (year: number) => void] {
  const switched = useSyncExternalStore(switchedMowYearStore.subscribe, switchedMowYearStore.getState);
  const saved = useQuery({ ...settingsQuery, select: (settings) => settings.values.mowYear });
  const switchYear = (next: number) => switchedMowYearStore.setState(() => clampMowYear(next));
  if (switched !== null) return [clampMowYear(switched), switchYear];
  if (saved.isPending) return [null, switchYear];
  return [clampMowYear(saved.data ?? currentMowYear()), switchYear];
}
