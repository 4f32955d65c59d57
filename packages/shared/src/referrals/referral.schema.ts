import { z } from 'zod';
import { normalizePhone } from '../customers/customer.schema';
import { versionSchema } from '../http/version';
import { boundedText, idSchema, listOf, requiredText, VALIDATION_MESSAGES } from '../validation';
import { firstBroken } from '../validation/rules';

/** The referral pages' texts, and their own where the product gives none. */
export const REFERRAL_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: 'Max. 50 characters',
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Phone number is not valid',
  websiteInvalid: 'Website should be a valid URL',
  deleteMarketConfirm: 'Are you sure to delete this market?',
  deleteTypeConfirm: 'Are you sure to delete this customer referral?',
  empty: 'No Referrals',
  saved: 'The referrals were updated',
  stale: 'Someone else changed these referrals meanwhile. Cancel, then make your changes again.',
  marketNotFound: 'Referral market not found',
  typeNotFound: 'Referral not found',
  otherPage: 'This belongs to the other referral page',
  unknownMarketKey: 'This new market is not part of the update',
  marketBeingDeleted: 'This market is deleted in the same update',
  twice: 'This row is changed twice in the same update',
} as const;

/** The two pages: active-customer referrals (partners to send customers to) and no-resign referrals. */
export const REFERRAL_PAGE_TITLES = { active: 'Active Customer Referral', noResign: 'No Resign Referral' } as const;

export const REFERRAL_NAME_MAX = 50;
const COMMENT_MAX = 255;
const WEBSITE_MAX = 255;
/** A phone as typed, mask included: '+1 (214) 555-0101' is 17 characters. */
const PHONE_INPUT_MAX = 30;
/** Most markets and rows one update may carry, so one request cannot ask for unbounded work. */
const MARKET_CHANGES_MAX = 100;
const TYPE_CHANGES_MAX = 1000;

const referralName = requiredText({
  required: REFERRAL_MESSAGES.nameRequired,
  max: REFERRAL_NAME_MAX,
  maxMessage: REFERRAL_MESSAGES.nameMax,
});

/**
 * A US phone number written with any mask: digits with spaces, dots, dashes, brackets or a leading +1, making 10
 * digits (11 with the country code 1). Partners' numbers are copied from cards and websites in every format.
 */
export function isUsPhone(text: string): boolean {
  return /^[\d\s().+-]+$/.test(text) && normalizePhone(text).length === 10;
}

/** A phone that may be left empty; when given, a 10-digit US number with any mask, kept as its 10 digits. */
const optionalPhone = boundedText({ max: PHONE_INPUT_MAX })
  .refine((text) => text === '' || isUsPhone(text), firstBroken(REFERRAL_MESSAGES.phoneInvalid))
  .transform(normalizePhone);

/** A phone that must be given: a 10-digit US number with any mask, kept as its 10 digits. */
const requiredPhone = requiredText({ required: REFERRAL_MESSAGES.phoneRequired, max: PHONE_INPUT_MAX })
  .refine(isUsPhone, firstBroken(REFERRAL_MESSAGES.phoneInvalid))
  .transform(normalizePhone);

/** A web address: a host with a dot and a top-level name, the scheme (http or https) optional, then any path. */
const WEBSITE_PATTERN = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i;

export function isWebsite(text: string): boolean {
  return WEBSITE_PATTERN.test(text);
}

const website = boundedText({ max: WEBSITE_MAX }).refine(
  (text) => text === '' || isWebsite(text),
  firstBroken(REFERRAL_MESSAGES.websiteInvalid),
);

/**
 * An active-customer referral: the service a partner offers, who to call and a comment, and a second choice with
 * its own phone and comment. Only the name is required; a phone, when given, must be a US number.
 */
export const activeReferralTypeSchema = z.strictObject({
  service: boundedText({ max: REFERRAL_NAME_MAX }).default(''),
  name: referralName,
  phone: optionalPhone.default(''),
  comment: boundedText({ max: COMMENT_MAX }).default(''),
  secondChoice: boundedText({ max: REFERRAL_NAME_MAX }).default(''),
  secondPhone: optionalPhone.default(''),
  secondComment: boundedText({ max: COMMENT_MAX }).default(''),
});
export type ActiveReferralTypeInput = z.input<typeof activeReferralTypeSchema>;
export type ActiveReferralTypeValues = z.output<typeof activeReferralTypeSchema>;

/** A no-resign referral: who to call (name and phone, both required) and their website, if any. */
export const noResignReferralTypeSchema = z.strictObject({
  name: referralName,
  phone: requiredPhone,
  website: website.default(''),
});
export type NoResignReferralTypeInput = z.input<typeof noResignReferralTypeSchema>;
export type NoResignReferralTypeValues = z.output<typeof noResignReferralTypeSchema>;

/** A referral market's own field. */
export const referralMarketNameSchema = z.strictObject({ name: referralName });
export type ReferralMarketNameInput = z.input<typeof referralMarketNameSchema>;

export const referralMarketCreateSchema = referralMarketNameSchema.extend({ isResign: z.boolean() });
/** A rename carries the version the person saw, so a change made meanwhile by someone else is not overwritten. */
export const referralMarketPatchSchema = referralMarketNameSchema.extend({ version: versionSchema });

/** The market a new referral belongs to (`customerReferralId`) and which page it is on. */
export const referralTypeCreateSchema = z.discriminatedUnion('isResign', [
  activeReferralTypeSchema.extend({ isResign: z.literal(false), customerReferralId: idSchema }),
  noResignReferralTypeSchema.extend({ isResign: z.literal(true), customerReferralId: idSchema }),
]);
export type ReferralTypeCreate = z.input<typeof referralTypeCreateSchema>;

export const referralTypePatchSchema = z.discriminatedUnion('isResign', [
  activeReferralTypeSchema.extend({ isResign: z.literal(false), version: versionSchema }),
  noResignReferralTypeSchema.extend({ isResign: z.literal(true), version: versionSchema }),
]);

/** A market created in the same update is named by a key of the page's own choosing until it has an id. */
const newMarketKey = requiredText({ required: VALIDATION_MESSAGES.required, max: 40 });

const marketChangeSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('create'), key: newMarketKey, name: referralName }),
  z.strictObject({ op: z.literal('update'), id: idSchema, version: versionSchema, name: referralName }),
  z.strictObject({ op: z.literal('delete'), id: idSchema, version: versionSchema }),
]);
export type ReferralMarketChange = z.output<typeof marketChangeSchema>;

function typeChangeSchema<Fields extends z.core.$ZodLooseShape>(fields: Fields) {
  return z.discriminatedUnion('op', [
    // `market` is the id of a saved market, or the key of a market the same update creates.
    z.strictObject({ op: z.literal('create'), market: z.union([idSchema, newMarketKey]), ...fields }),
    z.strictObject({ op: z.literal('update'), id: idSchema, version: versionSchema, ...fields }),
    z.strictObject({ op: z.literal('delete'), id: idSchema, version: versionSchema }),
  ]);
}

function changesOfPage<IsResign extends boolean, Fields extends z.core.$ZodLooseShape>(
  isResign: IsResign,
  fields: Fields,
) {
  return z.strictObject({
    isResign: z.literal(isResign),
    markets: listOf(marketChangeSchema, { max: MARKET_CHANGES_MAX }).default([]),
    types: listOf(typeChangeSchema(fields), { max: TYPE_CHANGES_MAX }).default([]),
  });
}

/**
 * Every change a person made on one referral page, sent at once by Update and applied all or nothing: markets
 * created, renamed and deleted, and referrals created, changed and deleted. Changes and deletes carry the version
 * the person started from. A refused row is named by its place in the lists (`types.2.phone`).
 */
export const referralChangesSchema = z.discriminatedUnion('isResign', [
  changesOfPage(false, activeReferralTypeSchema.shape),
  changesOfPage(true, noResignReferralTypeSchema.shape),
]);
export type ReferralChanges = z.input<typeof referralChangesSchema>;
export type ReferralChangesValues = z.output<typeof referralChangesSchema>;
export type ReferralTypeChange = ReferralChangesValues['types'][number];

/** `GET /api/referral?filter[is_resign]=0|1`: one page's markets (both pages' without the filter). */
export const referralListQuerySchema = z.object({
  'filter[is_resign]': z.enum(['0', '1'], { error: VALIDATION_MESSAGES.choose }).optional(),
});

/**
 * One referral as both pages read it: the fields of its page are filled, the other page's are ''. Phones are their
 * 10 digits. `customerReferralId` is the market it belongs to.
 */
export const referralTypeSchema = z.object({
  id: z.number().int(),
  customerReferralId: z.number().int(),
  service: z.string(),
  name: z.string(),
  phone: z.string(),
  comment: z.string(),
  secondChoice: z.string(),
  secondPhone: z.string(),
  secondComment: z.string(),
  website: z.string(),
  version: z.number().int(),
});
export type ReferralType = z.infer<typeof referralTypeSchema>;

export const referralMarketSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isResign: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  types: z.array(referralTypeSchema),
});
export type ReferralMarket = z.infer<typeof referralMarketSchema>;

export const referralListResponseSchema = z.object({ data: z.array(referralMarketSchema) });
export const referralMarketResponseSchema = z.object({ data: referralMarketSchema, message: z.string() });
export const referralTypeResponseSchema = z.object({ data: referralTypeSchema, message: z.string() });
/** The page's markets as they are after the update. */
export const referralChangesResponseSchema = z.object({ data: z.array(referralMarketSchema), message: z.string() });
