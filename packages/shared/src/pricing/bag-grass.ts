import type { Frequency, MowCut } from '../customers/customer.constants';

/** Lot names on which the quote removes and disables Bag grass: the crew cannot bag that much grass (spec 3 §9). */
export const BAG_GRASS_DISABLED_LOTS = ['Very large', 'Jumbo', 'Enormous'] as const;
/** The customer record screen also disables it for Xtra large lots (spec 2 §4). */
export const RECORD_BAG_GRASS_DISABLED_LOTS = [...BAG_GRASS_DISABLED_LOTS, 'Xtra large'] as const;
/** The Drought Schedule (frequency 4) mows only when the grass grows, so it never bags: choosing it removes Bag grass. */
export const BAG_GRASS_DISABLED_FREQUENCY: Frequency = 4;

/** Which screen's lot list applies: the quote, the wizard and the API use `quote`; the record screen uses `record`. */
export type BagGrassRules = 'quote' | 'record';

const DISABLED_LOTS: Record<BagGrassRules, readonly string[]> = {
  quote: BAG_GRASS_DISABLED_LOTS,
  record: RECORD_BAG_GRASS_DISABLED_LOTS,
};

/** Whether a lot allows bag grass, by its name in any letter case (`disabled`: the lot names that do not). */
export function isBagGrassAvailable(lotName: string, disabled: readonly string[] = BAG_GRASS_DISABLED_LOTS): boolean {
  return !disabled.some((name) => name.toLowerCase() === lotName.trim().toLowerCase());
}

/** Whether Bag grass can be chosen for this lot and frequency: not on the big lots, never on the Drought Schedule. */
export function canBagGrass(lotName: string, frequency: Frequency, rules: BagGrassRules = 'quote'): boolean {
  return frequency !== BAG_GRASS_DISABLED_FREQUENCY && isBagGrassAvailable(lotName, DISABLED_LOTS[rules]);
}

/** What is mowed when no area is left: the front and the back, as a new order starts. */
export const DEFAULT_MOW_CUT: readonly MowCut[] = ['Front', 'Back'];

/**
 * The areas to mow that this lot and frequency allow: Bag grass is taken out where it cannot be done (a lot too big
 * for it, or the Drought Schedule: choosing frequency 4 removes it, spec 2 §4). When Bag grass was the only area,
 * the front and the back are mowed instead, since a property is always mowed somewhere.
 */
export function allowedMowCut(
  mowCut: readonly MowCut[],
  lotName: string | null,
  frequency: Frequency,
  rules: BagGrassRules,
): MowCut[] {
  if (canBagGrass(lotName ?? '', frequency, rules)) return [...mowCut];
  const areas = mowCut.filter((area) => area !== 'BagGrass');
  return areas.length > 0 ? areas : [...DEFAULT_MOW_CUT];
}
