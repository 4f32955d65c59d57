import { FREQUENCIES, type Frequency, type MowCut } from '../customers/customer.constants';

/** Lot names on which the quote removes and disables Bag grass: the crew cannot bag that much grass. */
export const BAG_GRASS_DISABLED_LOTS = ['Very large', 'Jumbo', 'Enormous'] as const;
/** The customer record screen also disables it for Xtra large lots. */
export const RECORD_BAG_GRASS_DISABLED_LOTS = [...BAG_GRASS_DISABLED_LOTS, 'Xtra large'] as const;
/** The Drought Schedule (frequency 4) mows only when the grass grows, so it never bags: choosing it removes Bag grass. */
const BAG_GRASS_DISABLED_FREQUENCIES: readonly Frequency[] = [4];
/**
 * The record screen also disables Bag grass on the 3-Weekly frequency (frequencies 3 and 4 disable the
 * mow-area choice): three weeks of grass is more than a crew bags on a visit.
 */
const RECORD_BAG_GRASS_DISABLED_FREQUENCIES: readonly Frequency[] = [3, 4];

/** Which screen's rules apply: the quote, the wizard and the API use `quote`; the record screen uses `record`. */
export type BagGrassRules = 'quote' | 'record';

const DISABLED_LOTS: Record<BagGrassRules, readonly string[]> = {
  quote: BAG_GRASS_DISABLED_LOTS,
  record: RECORD_BAG_GRASS_DISABLED_LOTS,
};
const DISABLED_FREQUENCIES: Record<BagGrassRules, readonly Frequency[]> = {
  quote: BAG_GRASS_DISABLED_FREQUENCIES,
  record: RECORD_BAG_GRASS_DISABLED_FREQUENCIES,
};

/** Why Bag grass cannot be chosen, in the words both the record's tab and the API answer with. */
export const BAG_GRASS_MESSAGES = {
  lot: 'Bag grass cannot be chosen for this lot size',
  frequency: (frequency: Frequency) => `Bag grass cannot be chosen on the ${FREQUENCIES[frequency]} frequency`,
} as const;

/** Whether a lot allows bag grass, by its name in any letter case (`disabled`: the lot names that do not). */
export function isBagGrassAvailable(lotName: string, disabled: readonly string[] = BAG_GRASS_DISABLED_LOTS): boolean {
  return !disabled.some((name) => name.toLowerCase() === lotName.trim().toLowerCase());
}

/**
 * Why Bag grass cannot be chosen for this lot and frequency (the frequency first: it is the one the person changes
 * more often), or undefined when it can.
 */
export function bagGrassProblem(
  lotName: string,
  frequency: Frequency,
  rules: BagGrassRules = 'quote',
): string | undefined {
  if (DISABLED_FREQUENCIES[rules].includes(frequency)) return BAG_GRASS_MESSAGES.frequency(frequency);
  if (!isBagGrassAvailable(lotName, DISABLED_LOTS[rules])) return BAG_GRASS_MESSAGES.lot;
  return undefined;
}

/**
 * Whether Bag grass can be chosen for this lot and frequency: not on the big lots, never on the Drought Schedule, and
 * on the record not on the 3-Weekly frequency either.
 */
export function canBagGrass(lotName: string, frequency: Frequency, rules: BagGrassRules = 'quote'): boolean {
  return bagGrassProblem(lotName, frequency, rules) === undefined;
}

/** What is mowed when no area is left: the front and the back, as a new order starts. */
export const DEFAULT_MOW_CUT: readonly MowCut[] = ['Front', 'Back'];

/**
 * The areas to mow that this lot and frequency allow: Bag grass is taken out where it cannot be done (a lot too big
 * for it, or a frequency that disables it: choosing frequency 4 removes it, and on the record so does
 * frequency 3, since a disabled choice that stayed ticked would read as bagged while nobody bags or bills it). When Bag grass was the only area,
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
