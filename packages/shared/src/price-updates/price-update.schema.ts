import { z } from 'zod';
import { hasDecimalsAtMost } from '../pricing/money';
import { idSchema } from '../validation';
import { firstBroken } from '../validation/rules';

/**
 * A bulk price update: every active property of the business (or of one market) priced up or down by one amount, or
 * each property of an uploaded file given its own price. It runs in the background, one at a time, and can be undone.
 */

/** The background job's type, as the job-count call names it. */
export const PRICE_UPDATE_JOB_TYPE = 'update-bulk-prices';
/** How long after Apply or Undo the page reads the list and the job state again. */
export const PRICE_UPDATE_REFRESH_DELAY_MS = 1000;
export const PRICE_UPDATES_PAGE_SIZE = 10;
/** How many old and new prices the preview shows. */
export const PRICE_PREVIEW_SAMPLE_SIZE = 10;
/** The largest change of one update, and the largest price a file may set: a mow's price, not a typo's. */
export const PRICE_UPDATE_AMOUNT_MAX = 1_000;
export const PRICE_FILE_PRICE_MAX = 10_000;
export const PRICE_FILE_ROWS_MAX = 20_000;

export const PRICE_UPDATE_DIRECTIONS = ['increase', 'decrease'] as const;
export type PriceUpdateDirection = (typeof PRICE_UPDATE_DIRECTIONS)[number];
/** What an update did: moved every price by an amount, or set each property of a file to its price. */
export const PRICE_UPDATE_TYPES = ['increase', 'decrease', 'file'] as const;
export type PriceUpdateType = (typeof PRICE_UPDATE_TYPES)[number];
export const PRICE_UPDATE_TYPE_LABELS: Record<PriceUpdateType, string> = {
  increase: 'Increase',
  decrease: 'Lower',
  file: 'File upload',
};

/** Where an update stands: applying or undoing (in_progress), done, or failed after its last retry. */
export const PRICE_UPDATE_STATUSES = ['in_progress', 'completed', 'failed'] as const;
export type PriceUpdateStatus = (typeof PRICE_UPDATE_STATUSES)[number];
/** Which run the status is about: the update itself, or its undo. */
export const PRICE_UPDATE_RUNS = ['apply', 'undo'] as const;
export type PriceUpdateRun = (typeof PRICE_UPDATE_RUNS)[number];

export const PRICE_UPDATE_MESSAGES = {
  priceRequired: 'Price is required',
  priceNumber: 'Price must be a number',
  pricePositive: 'Price must be greater than 0',
  priceTooLarge: `Price must be at most ${PRICE_UPDATE_AMOUNT_MAX}`,
  priceCents: 'Price has at most 2 decimals',
  directionInvalid: 'Choose increase or lower',
  marketUnknown: 'This market does not exist',
  oneAtATime: 'A price update is running. Wait until it finishes.',
  notFound: 'This price update does not exist',
  notUndoable: 'Only a finished price update that was not undone can be undone',
  nothingToChange: 'No active property would change',
  belowZero: (account: string) => `Lowering would take account ${account} below $0.00`,
  started: 'The price update started',
  undoStarted: 'The undo started',
  fileColumns: 'The first row must name the columns: Account number, Price',
  fileNoRows: 'The file has no price rows',
  fileTooManyRows: `The file has too many rows (at most ${PRICE_FILE_ROWS_MAX.toLocaleString('en-US')})`,
  fileInvalid: 'Nothing was saved: fix these lines and upload the file again.',
  badAccount: (line: number) => `Line ${line}: the account number must be 5 to 20 digits`,
  unknownAccount: (line: number, account: string) => `Line ${line}: account ${account} is not an active property`,
  repeatedAccount: (line: number, account: string) => `Line ${line}: account ${account} is already on an earlier line`,
  badPrice: (line: number) =>
    `Line ${line}: the price must be a positive number with at most 2 decimals, at most ${PRICE_FILE_PRICE_MAX}`,
} as const;
const M = PRICE_UPDATE_MESSAGES;

/** The amount of an increase or a decrease: required, a number, above 0, in dollars and cents, bounded. */
export const priceAmountSchema = z
  .number({
    error: (issue) => (issue.input === undefined || issue.input === null ? M.priceRequired : M.priceNumber),
  })
  .refine((amount) => amount > 0, firstBroken(M.pricePositive))
  .refine((amount) => amount <= PRICE_UPDATE_AMOUNT_MAX, firstBroken(M.priceTooLarge))
  .refine((amount) => hasDecimalsAtMost(amount, 2), firstBroken(M.priceCents))
  .meta({ minimum: 0.01, maximum: PRICE_UPDATE_AMOUNT_MAX });

/** The amount as typed in the page's text field: blank is missing, anything but a number is not a number. */
export const typedPriceAmountSchema = z.string().transform((text, context): number => {
  const trimmed = text.trim();
  const parsed = priceAmountSchema.safeParse(trimmed === '' ? undefined : Number(trimmed));
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message });
  return z.NEVER;
});

const directionSchema = z.enum(PRICE_UPDATE_DIRECTIONS, { error: M.directionInvalid });
/** The market an update is limited to; null: every market of the business. */
const scopeMarketSchema = idSchema.nullable().optional();

/** POST /api/price-updates/preview and POST /api/price-updates: move every active price by an amount. */
export const priceUpdateRequestSchema = z.strictObject({
  direction: directionSchema,
  amount: priceAmountSchema,
  marketId: scopeMarketSchema,
});
export type PriceUpdateRequest = z.output<typeof priceUpdateRequestSchema>;

/** The page's form: the direction, the amount as typed, and the market ('' for all of them). */
export const priceUpdateFormSchema = z.object({
  direction: directionSchema,
  amount: typedPriceAmountSchema,
  marketId: z.union([z.literal(''), idSchema]).transform((value) => (value === '' ? null : value)),
});

/** One row of a price file as read: each cell's text. */
export type PriceFileCells = { accountNumber: string; price: string };
export const PRICE_FILE_COLUMNS = ['Account number', 'Price'] as const;
export const PRICE_FILE_EXAMPLE_ROW = ['10000000014', '42.50'] as const;

/** Checks one row of a price file (`line` is its line, the header being line 1): an account number and a price. */
export function checkPriceFileRow(
  cells: PriceFileCells,
  line: number,
): { row: { accountNumber: string; price: number }; problems?: never } | { row?: never; problems: string[] } {
  const problems: string[] = [];
  const accountNumber = cells.accountNumber.trim();
  if (!/^\d{5,20}$/.test(accountNumber)) problems.push(M.badAccount(line));
  const priceText = cells.price.trim().replace(/^\$/, '').replaceAll(',', '');
  const price = /^\d+(\.\d{1,2})?$/.test(priceText) ? Number(priceText) : NaN;
  if (!(price > 0 && price <= PRICE_FILE_PRICE_MAX)) problems.push(M.badPrice(line));
  return problems.length > 0 ? { problems } : { row: { accountNumber, price } };
}

/** One property's price before and after, as the preview and an update's details show it. */
export const propertyPriceChangeSchema = z.object({
  propertyId: z.number().int(),
  accountNumber: z.string(),
  serviceAddress: z.string(),
  customerName: z.string(),
  oldPrice: z.number(),
  newPrice: z.number(),
  oldTotal: z.number(),
  newTotal: z.number(),
});
export type PropertyPriceChange = z.infer<typeof propertyPriceChangeSchema>;

/** What an increase or a decrease would do, before anything is written. */
export const pricePreviewSchema = z.object({
  /** Active properties whose price would change. */
  properties: z.number().int(),
  /** The change of one week's revenue, were every one of them mowed once: the sum of the totals' change. */
  weeklyRevenueChange: z.number(),
  sample: z.array(propertyPriceChangeSchema),
});
export type PricePreview = z.infer<typeof pricePreviewSchema>;

/** A row of the list of updates. */
export const priceUpdateSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** Null for a file: each property got its own price. */
  amount: z.number().nullable(),
  type: z.enum(PRICE_UPDATE_TYPES),
  title: z.string().nullable(),
  market: z.string().nullable(),
  representative: z.string(),
  status: z.enum(PRICE_UPDATE_STATUSES),
  run: z.enum(PRICE_UPDATE_RUNS),
  /** Properties the update changed so far; of the total it covers. */
  changed: z.number().int(),
  total: z.number().int(),
  /** Properties an undo gave their old price back, and those it left because their price changed since. */
  restored: z.number().int(),
  skipped: z.number().int(),
  undoneAt: z.string().nullable(),
});
export type PriceUpdate = z.infer<typeof priceUpdateSchema>;

/** One property of an update's details: its old and new price, and what an undo did with it. */
export const priceUpdateItemSchema = propertyPriceChangeSchema.extend({
  undo: z.enum(['restored', 'skipped']).nullable(),
});
export type PriceUpdateItem = z.infer<typeof priceUpdateItemSchema>;

/** The answer to a started update or undo. */
export const priceUpdateStartedSchema = z.object({ message: z.string(), data: priceUpdateSchema });
