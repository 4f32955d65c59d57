import { z } from 'zod';
import { FREQUENCIES, MOW_CUTS, type Frequency, type MowCut } from '../customers/customer.constants';
import {
  choiceOf,
  idParamSchema,
  idSchema,
  listOf,
  PG_INTEGER_RANGES,
  requiredText,
  VALIDATION_MESSAGES,
  wholeNumber,
  wholeNumberParam,
} from '../validation';
import { firstBroken } from '../validation/rules';
import { hasDecimalsAtMost } from './money';

/** The largest amount a numeric(10,2) price column holds. */
export const PRICE_MAX = 99_999_999.99;
/** A price table has at most this many tiers (the quote shows seven cards; room for a few more). */
export const LOT_SIZE_TIERS_MAX = 20;
/** Lot names are kept on properties in a varchar(50). */
export const LOT_NAME_MAX = 50;
/** Sizes in sq ft are integer columns. */
const SIZE_MAX = PG_INTEGER_RANGES.integer.max;
/** Tax rates are percentages from 0 to 100 with at most 3 decimals (8.25, 6.875). */
export const TAX_RATE_RANGE = { min: 0, max: 100, decimals: 3 } as const;

/** The words of the price tables, the calculator and their API. Price messages are the spec's. */
export const PRICING_MESSAGES = {
  priceRequired: 'Price is required',
  priceNumber: 'Price must be a number',
  pricePositive: 'Price must be greater than 0',
  priceCents: 'Price can have at most 2 decimals',
  priceMax: `Price must be at most ${PRICE_MAX.toLocaleString('en-US')}`,
  nameRequired: 'Lot size name is required',
  nameTaken: 'Another lot size has this name',
  size: `Enter a whole number of sq ft from 0 to ${SIZE_MAX}`,
  lotSizeRequired: 'Lot size must be greater than 0',
  firstTurfStart: 'The first lot size starts at 0 sq ft of turf',
  turfStartAfter: (previousEnd: number) => `Starts right after the previous lot size: ${previousEnd + 1}`,
  turfEndBeforeStart: 'The turf size end must not be below its start',
  lotSizeEndOrder: 'Must be above the previous lot size’s end',
  duplicateTier: 'This lot size is listed twice',
  sizeNeeded: 'Give a lot size, a turf size or a lot size option',
  lotSizeBeyond: (largest: number) => `Lot size is beyond the largest lot size (${largest} sq ft)`,
  turfSizeBeyond: (largest: number) => `Turf size is beyond the largest lot size (${largest} sq ft of turf)`,
  unknownTier: 'Unknown lot size option',
  unknownMarket: 'Unknown market',
  taxRate: `Tax rate must be a number from ${TAX_RATE_RANGE.min} to ${TAX_RATE_RANGE.max} with at most ${TAX_RATE_RANGE.decimals} decimals`,
  taxRateNeeded: 'Give a tax rate or a market',
  frequency: 'Choose a frequency',
  mowCut: `Choose among ${MOW_CUTS.join(', ')}`,
  flag: 'Use true or false',
  changedElsewhere: 'These prices were changed by someone else in the meantime. Here are the newer values.',
  saved: 'Prices saved',
  tierNotFound: 'Lot size not found',
} as const;

/** A price in dollars: greater than 0, whole cents, within the column. */
export const priceSchema = z
  .number({
    error: (issue) => (issue.input === undefined ? PRICING_MESSAGES.priceRequired : PRICING_MESSAGES.priceNumber),
  })
  .refine((value) => value > 0, firstBroken(PRICING_MESSAGES.pricePositive))
  .refine((value) => hasDecimalsAtMost(value, 2), firstBroken(PRICING_MESSAGES.priceCents))
  .refine((value) => value <= PRICE_MAX, firstBroken(PRICING_MESSAGES.priceMax))
  .meta({ exclusiveMinimum: 0, maximum: PRICE_MAX });

/** The same for a query-string value, which arrives as text. */
const priceParam = z.coerce.number({ error: PRICING_MESSAGES.priceNumber }).pipe(priceSchema);

const sizeSchema = wholeNumber({ min: 0, max: SIZE_MAX, message: PRICING_MESSAGES.size });

/** One tier as the table editor sends it; `id` keeps a tier of the table being edited (new tiers have none). */
export const lotSizeTierInputSchema = z.strictObject({
  id: idSchema.optional(),
  name: requiredText({ required: PRICING_MESSAGES.nameRequired, max: LOT_NAME_MAX }),
  turfSizeStart: sizeSchema,
  turfSizeEnd: sizeSchema,
  lotSizeEnd: wholeNumber({ min: 1, max: SIZE_MAX, message: PRICING_MESSAGES.size }),
  serviceFrequency: z.strictObject({ f1: priceSchema, f2: priceSchema, f3: priceSchema, f4: priceSchema }),
});
export type LotSizeTierInput = z.infer<typeof lotSizeTierInputSchema>;

type TierShape = Pick<LotSizeTierInput, 'name' | 'turfSizeStart' | 'turfSizeEnd' | 'lotSizeEnd'> & { id?: number };
export type TableProblem = { path: [number, keyof LotSizeTierInput]; message: string };

/**
 * The rules of a whole table, tier by tier in order: turf ranges start at 0 and follow each other with no gap or
 * overlap (a tier starts 1 sq ft after the previous one ends), each range's end is not below its start, lot-size ends
 * rise from tier to tier (a lot size then falls in exactly one tier), and names and ids appear once.
 */
export function tierTableProblems(tiers: readonly TierShape[]): TableProblem[] {
  const problems: TableProblem[] = [];
  tiers.forEach((tier, index) => {
    const previous = tiers[index - 1];
    if (!previous && tier.turfSizeStart !== 0) {
      problems.push({ path: [index, 'turfSizeStart'], message: PRICING_MESSAGES.firstTurfStart });
    }
    if (previous && tier.turfSizeStart !== previous.turfSizeEnd + 1) {
      problems.push({ path: [index, 'turfSizeStart'], message: PRICING_MESSAGES.turfStartAfter(previous.turfSizeEnd) });
    }
    if (tier.turfSizeEnd < tier.turfSizeStart) {
      problems.push({ path: [index, 'turfSizeEnd'], message: PRICING_MESSAGES.turfEndBeforeStart });
    }
    if (previous && tier.lotSizeEnd <= previous.lotSizeEnd) {
      problems.push({ path: [index, 'lotSizeEnd'], message: PRICING_MESSAGES.lotSizeEndOrder });
    }
    const earlier = tiers.slice(0, index);
    if (earlier.some((other) => other.name.trim().toLowerCase() === tier.name.trim().toLowerCase())) {
      problems.push({ path: [index, 'name'], message: PRICING_MESSAGES.nameTaken });
    }
    if (tier.id !== undefined && earlier.some((other) => other.id === tier.id)) {
      problems.push({ path: [index, 'id'], message: PRICING_MESSAGES.duplicateTier });
    }
  });
  return problems;
}

/**
 * PUT of a price table: every tier in order, and the version the editor started from. A stale version is refused
 * with 409 and the newer table, so nobody overwrites a change they never saw.
 */
export const lotSizeTableUpdateSchema = z
  .strictObject({
    version: wholeNumber({ min: 1, max: PG_INTEGER_RANGES.integer.max }),
    tiers: listOf(lotSizeTierInputSchema, { min: 1, max: LOT_SIZE_TIERS_MAX }),
  })
  .superRefine((table, context) => {
    for (const problem of tierTableProblems(table.tiers)) {
      context.addIssue({ code: 'custom', message: problem.message, path: ['tiers', ...problem.path] });
    }
  });
export type LotSizeTableUpdate = z.infer<typeof lotSizeTableUpdateSchema>;

/** Which table: a market's (its own, or the default one it follows), or the default table without `marketId`. */
export const priceTableQuerySchema = z.strictObject({ marketId: idParamSchema.optional() });

const serviceFrequencySchema = z.object({ f1: z.number(), f2: z.number(), f3: z.number(), f4: z.number() });

/** A lot size option: its id is the `businesslogicId` of the price calculation. */
export const lotSizeOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  turfSizeStart: z.number().int(),
  turfSizeEnd: z.number().int(),
  lotSizeEnd: z.number().int(),
  serviceFrequency: serviceFrequencySchema,
});
export type LotSizeOption = z.infer<typeof lotSizeOptionSchema>;

export const lotSizeTableSchema = z.object({
  data: z.array(lotSizeOptionSchema),
  total: z.number().int(),
  /** Null for the default table. */
  marketId: z.number().int().nullable(),
  /** The market has no table of its own yet and uses the default one; its first saved edit gives it its own. */
  usesDefault: z.boolean(),
  /** Send it back with an edit: it changes with every save. */
  version: z.number().int(),
});
export type LotSizeTable = z.infer<typeof lotSizeTableSchema>;

const frequencyParam = z.coerce.number({ error: PRICING_MESSAGES.frequency }).pipe(choiceOf(FREQUENCIES));
const frequencyOf = (value: number) => value as Frequency;

/** GET of the tier for a size: which market's table, and a frequency to answer that tier's base price for. */
export const tierLookupQuerySchema = z.strictObject({
  marketId: idParamSchema.optional(),
  srvFrequency: frequencyParam.transform(frequencyOf).optional(),
});

export const lotSizeParamsSchema = z.object({
  lotSize: wholeNumberParam({ min: 1, max: SIZE_MAX, message: PRICING_MESSAGES.size }),
});
export const turfSizeParamsSchema = z.object({
  turfSize: wholeNumberParam({ min: 0, max: SIZE_MAX, message: PRICING_MESSAGES.size }),
});

export const lotSizeLookupSchema = z.object({
  data: lotSizeOptionSchema.extend({ basePrice: z.number().optional() }),
});

const taxRateParam = z.coerce
  .number({ error: PRICING_MESSAGES.taxRate })
  .refine(
    (value) =>
      value >= TAX_RATE_RANGE.min && value <= TAX_RATE_RANGE.max && hasDecimalsAtMost(value, TAX_RATE_RANGE.decimals),
    PRICING_MESSAGES.taxRate,
  )
  .meta({ minimum: TAX_RATE_RANGE.min, maximum: TAX_RATE_RANGE.max });

const flagParam = z
  .enum(['true', 'false', '1', '0'], { error: PRICING_MESSAGES.flag })
  .transform((value) => value === 'true' || value === '1');

/** `Front,Back,BagGrass`: the areas to mow, comma-separated. */
const mowCutParam = z
  .string({ error: PRICING_MESSAGES.mowCut })
  .max(100, VALIDATION_MESSAGES.maxCharacters(100))
  .transform((text, context) => {
    const parts = text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    if (parts.every((part): part is MowCut => (MOW_CUTS as readonly string[]).includes(part))) return parts;
    context.addIssue({ code: 'custom', message: PRICING_MESSAGES.mowCut });
    return z.NEVER;
  });

/**
 * The price calculation's query (costService, lotSize, turfSize, taxRate, srvFrequency, isBagging,
 * businesslogicId). The tier comes from businesslogicId, else the lot size, else the turf size, in the market's table
 * (`marketId`; the default table without it). Without costService the base price is the tier's price for the
 * frequency; without taxRate it is the market's rate. mowCut (default Front and Back) lets the single-area discount
 * apply; isBagging adds Bag grass; useCornerLot is carried through (no charge).
 */
export const priceCalculationQuerySchema = z
  .strictObject({
    costService: priceParam.optional(),
    lotSize: wholeNumberParam({ min: 1, max: SIZE_MAX, message: PRICING_MESSAGES.size }).optional(),
    turfSize: wholeNumberParam({ min: 0, max: SIZE_MAX, message: PRICING_MESSAGES.size }).optional(),
    businesslogicId: idParamSchema.optional(),
    taxRate: taxRateParam.optional(),
    srvFrequency: frequencyParam.transform(frequencyOf),
    isBagging: flagParam.optional(),
    mowCut: mowCutParam.optional(),
    useCornerLot: flagParam.optional(),
    marketId: idParamSchema.optional(),
  })
  .superRefine((query, context) => {
    if (query.businesslogicId === undefined && query.lotSize === undefined && query.turfSize === undefined) {
      context.addIssue({ code: 'custom', message: PRICING_MESSAGES.sizeNeeded, path: ['lotSize'] });
    }
    if (query.taxRate === undefined && query.marketId === undefined) {
      context.addIssue({ code: 'custom', message: PRICING_MESSAGES.taxRateNeeded, path: ['taxRate'] });
    }
  });
export type PriceCalculationQuery = z.infer<typeof priceCalculationQuerySchema>;

/** The answer: newSubtotal, tax and total as the spec names them, with the steps that led there. */
export const priceCalculationSchema = z.object({
  data: z.object({
    newSubtotal: z.number(),
    tax: z.number(),
    total: z.number(),
    basePrice: z.number(),
    bagGrassSurcharge: z.number(),
    singleAreaDiscount: z.number(),
    taxRate: z.number(),
    businesslogicId: z.number().int(),
    lotSize: z.string(),
    srvFrequency: z.number().int(),
    isBagGrassAvailable: z.boolean(),
    isBagging: z.boolean(),
    useCornerLot: z.boolean(),
  }),
});
export type PriceCalculation = z.infer<typeof priceCalculationSchema>['data'];

/** What a price-change entry records, with the words the history shows for it. */
export const PRICE_CHANGE_FIELDS = {
  f1: `${FREQUENCIES[1]} price`,
  f2: `${FREQUENCIES[2]} price`,
  f3: `${FREQUENCIES[3]} price`,
  f4: `${FREQUENCIES[4]} price`,
  name: 'Name',
  turfSizeStart: 'Turf size from',
  turfSizeEnd: 'Turf size to',
  lotSizeEnd: 'Lot size up to',
  added: 'Lot size added',
  removed: 'Lot size removed',
} as const;
export type PriceChangeField = keyof typeof PRICE_CHANGE_FIELDS;
export const PRICE_CHANGE_FIELD_NAMES = Object.keys(PRICE_CHANGE_FIELDS) as [PriceChangeField, ...PriceChangeField[]];

export const priceChangeSchema = z.object({
  id: z.number().int(),
  marketId: z.number().int().nullable(),
  lotSize: z.string(),
  field: z.enum(PRICE_CHANGE_FIELD_NAMES),
  from: z.string().nullable(),
  to: z.string().nullable(),
  user: z.object({ id: z.number().int(), fullName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;
