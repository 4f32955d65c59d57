import {
  calculatePrice,
  canBagGrass,
  hasDecimalsAtMost,
  largestLotSize,
  largestTurfSize,
  PRICING_MESSAGES,
  TAX_RATE_RANGE,
  tierForLotSize,
  tierForTurfSize,
  tierOfOption,
  type Frequency,
  type LotSizeOption,
  type MowCut,
  type PriceBreakdown,
} from '@lawn/shared';

export type SizeKind = 'lotSize' | 'turfSize';

/** What the calculator panel holds, as typed. */
export type CalculatorState = {
  taxRate: string;
  sizeKind: SizeKind;
  size: string;
  frequency: Frequency;
  isFront: boolean;
  isBack: boolean;
  isBagGrass: boolean;
  isCornerLot: boolean;
};

export function initialCalculatorState(taxRate: number): CalculatorState {
  return {
    taxRate: String(taxRate),
    sizeKind: 'lotSize',
    size: '7000',
    frequency: 1,
    isFront: true,
    isBack: true,
    isBagGrass: false,
    isCornerLot: false,
  };
}

export type CalculatorResult = {
  /** The tier the size falls in, when it does. */
  tier: LotSizeOption | null;
  /** Whether Bag grass can be ticked for that tier and frequency. */
  canBagGrass: boolean;
  price: PriceBreakdown | null;
  /** Why there is no price, under the field at fault. */
  errors: Partial<Record<'size' | 'taxRate', string>>;
};

const SIZE_MESSAGES: Record<SizeKind, string> = {
  lotSize: 'Enter the lot size in sq ft',
  turfSize: 'Enter the turf size in sq ft',
};

/** The price the panel shows, worked out by the shared engine as the API and every screen do. */
export function calculatorResult(state: CalculatorState, tiers: readonly LotSizeOption[]): CalculatorResult {
  const errors: CalculatorResult['errors'] = {};
  const size = Number(state.size.trim());
  let tier: LotSizeOption | null = null;
  const minimum = state.sizeKind === 'lotSize' ? 1 : 0;
  if (state.size.trim() === '' || !Number.isInteger(size) || size < minimum) {
    errors.size = SIZE_MESSAGES[state.sizeKind];
  } else {
    tier = (state.sizeKind === 'lotSize' ? tierForLotSize(size, tiers) : tierForTurfSize(size, tiers)) ?? null;
    if (!tier) {
      errors.size =
        state.sizeKind === 'lotSize'
          ? PRICING_MESSAGES.lotSizeBeyond(largestLotSize(tiers))
          : PRICING_MESSAGES.turfSizeBeyond(largestTurfSize(tiers));
    }
  }
  const taxRate = Number(state.taxRate.trim());
  const isTaxRateValid =
    state.taxRate.trim() !== '' &&
    taxRate >= TAX_RATE_RANGE.min &&
    taxRate <= TAX_RATE_RANGE.max &&
    hasDecimalsAtMost(taxRate, TAX_RATE_RANGE.decimals);
  if (!isTaxRateValid) errors.taxRate = PRICING_MESSAGES.taxRate;

  const isBagGrassPossible = tier !== null && canBagGrass(tier.name, state.frequency);
  if (!tier || !isTaxRateValid) return { tier, canBagGrass: isBagGrassPossible, price: null, errors };
  const mowCut: MowCut[] = [
    ...(state.isFront ? (['Front'] as const) : []),
    ...(state.isBack ? (['Back'] as const) : []),
    ...(state.isBagGrass && isBagGrassPossible ? (['BagGrass'] as const) : []),
  ];
  const price = calculatePrice({
    tier: tierOfOption(tier),
    frequency: state.frequency,
    mowCut,
    taxRate,
    isCornerLot: state.isCornerLot,
  });
  return { tier, canBagGrass: isBagGrassPossible, price, errors };
}
