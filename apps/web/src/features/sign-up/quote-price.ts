import {
  calculatePrice,
  canBagGrass,
  findLotSizeTier,
  MOW_CUTS,
  tierOfOption,
  type Frequency,
  type LotSizeOption,
  type MowCut,
  type PriceBreakdown,
} from '@lawn/shared';
import type { SignUpState } from './sign-up-state';

type QuoteChoice = Pick<SignUpState, 'lotSize' | 'srvFrecuency' | 'mowCut' | 'taxRate' | 'useCornerLot'>;

/** The price of the chosen lot, frequency and areas with the zone's tax, by the one shared calculation. */
export function quotePrice(choice: QuoteChoice, options: readonly LotSizeOption[]): PriceBreakdown | null {
  const option = findLotSizeTier(choice.lotSize, options);
  if (!option) return null;
  return calculatePrice({
    tier: tierOfOption(option),
    frequency: choice.srvFrecuency,
    mowCut: choice.mowCut,
    taxRate: choice.taxRate,
    isCornerLot: choice.useCornerLot,
  });
}

/** Bag grass leaves the choice where the lot or frequency does not allow it (the big lots, the Drought Schedule). */
function withoutUnavailableBagGrass(mowCut: readonly MowCut[], lotSize: string, frequency: Frequency): MowCut[] {
  return canBagGrass(lotSize, frequency) ? [...mowCut] : mowCut.filter((cut) => cut !== 'BagGrass');
}

export function chooseLotSize(state: QuoteChoice, option: Pick<LotSizeOption, 'id' | 'name'>): Partial<SignUpState> {
  return {
    lotSize: option.name,
    lotSizeId: option.id,
    mowCut: withoutUnavailableBagGrass(state.mowCut, option.name, state.srvFrecuency),
  };
}

export function chooseFrequency(state: QuoteChoice, srvFrecuency: Frequency): Partial<SignUpState> {
  return { srvFrecuency, mowCut: withoutUnavailableBagGrass(state.mowCut, state.lotSize, srvFrecuency) };
}

/** Ticks or unticks one area (Front, Back) or Bag grass, keeping the areas in their usual order. */
export function toggleMowCut(state: QuoteChoice, cut: MowCut): Partial<SignUpState> {
  const isChosen = state.mowCut.includes(cut);
  const next = isChosen ? state.mowCut.filter((item) => item !== cut) : [...state.mowCut, cut];
  return { mowCut: MOW_CUTS.filter((item) => next.includes(item)) };
}
