import { z } from 'zod';
import { versionSchema } from '../http/version';
import { PRICE_MAX, PRICING_MESSAGES } from '../pricing/pricing.schema';
import { hasDecimalsAtMost } from '../pricing/money';
import { mowYearSchema, SCHEDULE_MESSAGES } from '../schedule/schedule.schema';
import {
  boundedText,
  choiceOf,
  emailAddress,
  ID_RANGE,
  idParamSchema,
  listOf,
  requiredText,
  VALIDATION_MESSAGES,
  wholeNumber,
} from '../validation';
import { firstBroken, whenMissingOrWrongType } from '../validation/rules';
import { CARD_TYPES, CUSTOMER_STATUSES, FREQUENCIES, MOW_CUTS, MOW_DAYS, ORDER_STATUSES } from './customer.constants';
import { BILLING_CITY_MAX, NEW_CUSTOMER_NOTE_MAX, PO_BOX_MAX } from '../new-customers/new-customer.constants';
import { marketingFieldsSchema, spanishFieldsSchema } from './marketing';
import { propertyFieldsSchema } from './property.schema';
import { RECORD_SAVE_MESSAGES, recordValueSchema } from './record-save';

/** Exact user-facing texts of the customer forms, and the record screen's own where the spec is silent. */
export const CUSTOMER_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameMax: 'Max. 50 characters',
  emailInvalid: 'Invalid email',
  emailTaken: 'This email has already been registered',
  contactNumberRequired: 'Contact number is required',
  phoneInvalid: 'Phone number is not valid',
  zipRequired: 'Zip code is required',
  zipInvalid: 'Zip code is not valid (e.g. 70000)',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  serviceAddressRequired: 'Service address is required',
  marketRequired: 'Market is required',
  weekRange: 'Enter a week from 1 to 53',
  accountInvalid: 'Account number is not valid',
  mowCutRequired: 'Choose at least one area to mow',
  deleteConfirm: 'You are about to delete a customer. Are you sure you want to delete this customer?',
  deleted: 'Successfully deleted',
  deletedDetail: 'This process cannot be reversed',
  restartConfirm: 'Move this customer to pending review so the restart can be approved?',
  notFound: 'Customer not found',
  stale: 'Someone else changed this customer meanwhile. The screen now shows their changes.',
  winterNeedsYear: 'Send the year together with the winter option',
  yearNeedsWinter: 'Send the winter option together with the year',
} as const;

const keysOf = <T extends Record<number, string>>(labels: T) => Object.keys(labels).map(Number) as (keyof T & number)[];

export const NAME_MAX = 50;
/** 10-digit US number, with or without the +1 (###) ###-#### mask. */
export const PHONE_PATTERN = /^(?:\+?1[\s-]?)?\(?\d{3}\)?[\s-]?\d{3}-?\d{4}$/;
export const ZIP_PATTERN = /^\d{5}$/;
export const WEEKS_LIMIT = 53;
/** Crew numbers are typed in a 5-digit input. */
const CREW_MAX = 99_999;
/** Mapsco references (a page such as 25, a grid square such as K) are short. */
export const MAPSCO_MAX = 10;
/** Account numbers: letters, digits and dashes, at most 20. */
export const ACCOUNT_NUMBER_PATTERN = /^[A-Za-z0-9-]{1,20}$/;

/** Digits only, without the country code: how phone numbers are stored and searched. */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** A phone as people read it, the mask `+1 (###) ###-####`; anything that is not a 10-digit US number as stored. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = normalizePhone(phone);
  if (digits.length !== 10) return phone;
  return `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A mow-year week number: 1 to 53, whatever is wrong with it (greater than 0, at most 53). */
export const weekNumberSchema = wholeNumber({ min: 1, max: WEEKS_LIMIT, message: CUSTOMER_MESSAGES.weekRange });

const zipField = () =>
  requiredText({
    required: CUSTOMER_MESSAGES.zipRequired,
    pattern: { regex: ZIP_PATTERN, message: CUSTOMER_MESSAGES.zipInvalid },
    max: 5,
  });
const stateField = () => requiredText({ required: CUSTOMER_MESSAGES.stateRequired, max: 2 });

/**
 * The Billing info tab's fields. The base price (costService) is the agreed price of one mow: it is
 * required ('Field is required') and priced like any price; the price, tax and total that follow from it are the
 * server's to compute, never sent. The billing zip must be a real zip (the server checks it against the US zip data,
 * the tab against the zips its look-up could not find). A PO box needs its city, state and zip (`poBoxProblems`).
 */
const billingFields = {
  billingName: boundedText({ max: NAME_MAX, maxMessage: CUSTOMER_MESSAGES.nameMax }).nullable(),
  billingAddress: boundedText({ max: 255 }).nullable(),
  billingZipCode: zipField(),
  billingCity: boundedText({ max: BILLING_CITY_MAX }).nullable(),
  billingState: stateField().nullable(),
  poBoxEnabled: z.boolean(),
  billingPoBox: boundedText({ max: PO_BOX_MAX }).nullable(),
  billingPoBoxCity: boundedText({ max: BILLING_CITY_MAX }).nullable(),
  billingPoBoxState: stateField().nullable(),
  billingPoBoxZipcode: zipField().nullable(),
  costService: z
    .number(whenMissingOrWrongType(VALIDATION_MESSAGES.required))
    .refine((value) => value > 0, firstBroken(PRICING_MESSAGES.pricePositive))
    .refine((value) => hasDecimalsAtMost(value, 2), firstBroken(PRICING_MESSAGES.priceCents))
    .refine((value) => value <= PRICE_MAX, firstBroken(PRICING_MESSAGES.priceMax))
    .meta({ exclusiveMinimum: 0, maximum: PRICE_MAX }),
};

/** The B&B tab's notes on the property's bushes and beds; blank is stored as none. */
export const bbNotesSchema = boundedText({ max: NEW_CUSTOMER_NOTE_MAX }).nullable();

/** The members of a patch that are no field of the record: preconditions and the person's answers. */
const PATCH_CONDITIONS = ['version', 'base', 'keepPrice'] as const;
/** The members no base value is given for: the conditions, and the winter option with its year (its own checkbox). */
const UNBASED_MEMBERS = [...PATCH_CONDITIONS, 'winterScheduleStatus', 'year'] as const;

/**
 * Fields staff may change on a property (and its customer) through PATCH /api/customers/{id}.
 * Every field is optional; whatever is present is validated with the spec's messages.
 */
export const customerPatchSchema = z
  .strictObject({
    firstName: requiredText({
      required: CUSTOMER_MESSAGES.firstNameRequired,
      max: NAME_MAX,
      maxMessage: CUSTOMER_MESSAGES.nameMax,
    }),
    lastName: requiredText({
      required: CUSTOMER_MESSAGES.lastNameRequired,
      max: NAME_MAX,
      maxMessage: CUSTOMER_MESSAGES.nameMax,
    }),
    email: emailAddress({ invalid: CUSTOMER_MESSAGES.emailInvalid, allowEmpty: true }).nullable(),
    contactNumber: requiredText({
      required: CUSTOMER_MESSAGES.contactNumberRequired,
      pattern: { regex: PHONE_PATTERN, message: CUSTOMER_MESSAGES.phoneInvalid },
      max: 30,
    }),
    isCellphone: z.boolean(),
    mailPreferences: z.union([z.literal(1), z.literal(2)], { error: VALIDATION_MESSAGES.choose }),
    isTranslation: z.boolean(),
    serviceAddress: requiredText({ required: CUSTOMER_MESSAGES.serviceAddressRequired, max: 255 }),
    /** The address was typed by hand (Manual) rather than chosen from the suggestions. */
    isServiceAddressManual: z.boolean(),
    zipcode: requiredText({
      required: CUSTOMER_MESSAGES.zipRequired,
      pattern: { regex: ZIP_PATTERN, message: CUSTOMER_MESSAGES.zipInvalid },
      max: 5,
    }),
    city: requiredText({ required: CUSTOMER_MESSAGES.cityRequired, max: 100 }),
    state: requiredText({ required: CUSTOMER_MESSAGES.stateRequired, max: 2 }),
    // A market is picked from a list: anything that is not a market id means none was picked.
    market: wholeNumber({ ...ID_RANGE, message: CUSTOMER_MESSAGES.marketRequired }),
    crew: wholeNumber({ min: 1, max: CREW_MAX }).nullable(),
    /** The Mapsco atlas page, MapA page and grid square: up to 10 characters, kept uppercase, blank for none. */
    mapsco: boundedText({ max: MAPSCO_MAX }).nullable(),
    mapA: boundedText({ max: MAPSCO_MAX }).nullable(),
    mapscoGrid: boundedText({ max: MAPSCO_MAX }).nullable(),
    /** Any of the record's mow days: a weekday, Saturday or Any day. */
    weekDay: choiceOf(MOW_DAYS),
    srvFrecuency: choiceOf(FREQUENCIES),
    status: choiceOf(CUSTOMER_STATUSES),
    statusOrders: choiceOf(ORDER_STATUSES),
    /** Restart moves the property back to pending review; the server also sets statusOrders 0. */
    isRestart: z.literal(true),
    serviceDate: z.iso.date(SCHEDULE_MESSAGES.dateInvalid).nullable(),
    sendSchedule: weekNumberSchema.nullable(),
    futureCancel: weekNumberSchema.nullable(),
    mowCut: listOf(z.enum(MOW_CUTS, { error: VALIDATION_MESSAGES.choose }), {
      min: 1,
      max: MOW_CUTS.length,
      required: CUSTOMER_MESSAGES.mowCutRequired,
    }),
    useCornerLot: z.boolean(),
    /** Lot and turf size, lot review, gate codes and coordinates: the Property information tab. */
    ...propertyFieldsSchema,
    /** The 'Opt. winter' checkbox: the winter option of mow year `year`, always sent together with it. */
    winterScheduleStatus: z.boolean(),
    year: mowYearSchema,
    ...billingFields,
    /** The Spanish tab. */
    ...spanishFieldsSchema,
    /** The Marketing tab (with sendSchedule and futureCancel above). */
    ...marketingFieldsSchema,
    bbNotes: bbNotesSchema,
    /**
     * The version of the record the person edited. With it, a save made from an older copy answers 409 and writes
     * nothing, so nobody overwrites a change they have not seen. The record's forms send `base` instead, so edits of
     * different fields do not collide.
     */
    version: versionSchema,
    /**
     * For each field of the save, the value the person started from (ADR 0025). A field someone else has changed
     * since is refused (409, named in `conflicts`) and nothing is written; the other fields never collide.
     */
    base: z.record(z.string(), recordValueSchema),
    /**
     * A new lot size or frequency whose price-table price is not the agreed base price: true keeps the agreed price,
     * false takes the table's. Without it such a save is refused (409, with both prices in `priceChoice`).
     */
    keepPrice: z.boolean({ error: PRICING_MESSAGES.flag }),
  })
  .partial()
  .refine(
    (patch) => Object.keys(patch).some((field) => !(PATCH_CONDITIONS as readonly string[]).includes(field)),
    'Send at least one field to change',
  )
  .superRefine((patch, context) => {
    for (const field of Object.keys(patch.base ?? {})) {
      if (!(field in patch) || (UNBASED_MEMBERS as readonly string[]).includes(field)) {
        context.addIssue({ code: 'custom', message: RECORD_SAVE_MESSAGES.baseWithoutField, path: ['base', field] });
      }
    }
  })
  .refine((patch) => patch.winterScheduleStatus === undefined || patch.year !== undefined, {
    message: CUSTOMER_MESSAGES.winterNeedsYear,
    path: ['year'],
  })
  .refine((patch) => patch.year === undefined || patch.winterScheduleStatus !== undefined, {
    message: CUSTOMER_MESSAGES.yearNeedsWinter,
    path: ['winterScheduleStatus'],
  });
export type CustomerPatch = z.infer<typeof customerPatchSchema>;

/** A field of the record a save may give the value it started from for (`base`). */
export type RecordField = Exclude<keyof CustomerPatch, (typeof UNBASED_MEMBERS)[number]>;

export const cellphonePatchSchema = z.strictObject({ isCellphone: z.boolean() });

const person = z.object({ id: z.number().int(), fullName: z.string() }).nullable();

/** One row of the customer list: a property joined with its customer. */
export const customerListRowSchema = z.object({
  id: z.number().int(),
  customerId: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  serviceAddress: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  contactNumber: z.string(),
  email: z.string().nullable(),
  market: z.number().int(),
  marketName: z.string(),
  phoneMarket: z.string().nullable(),
  status: z.number().int(),
  statusName: z.string(),
  statusOrders: z.number().int(),
  crew: z.number().int().nullable(),
  /** The areas mowed: Front, Back, BagGrass, DuplexRight, DuplexLeft. */
  mowCut: z.array(z.enum(MOW_CUTS)),
  weekDay: z.number().int(),
  srvFrecuency: z.number().int(),
  frecuencyName: z.string(),
  cardType: z.number().int().nullable(),
  cardTypeName: z.string(),
  isCardExpired: z.boolean(),
  /** 1 card, 2 e-check; null when none is on file (shown as E-Check, `paymentTypeLabel`). */
  paymentType: z.number().int().nullable(),
  subtotalMowing: z.number(),
  taxRate: z.number(),
  calculatedTax: z.number(),
  totalMowing: z.number(),
  updatedAt: z.string(),
  userEdit: person.optional(),
  userNote: person.optional(),
});
export type CustomerListRow = z.infer<typeof customerListRowSchema>;

/** The whole record behind the header card (later tabs read more of it). */
export const customerDetailSchema = customerListRowSchema.extend({
  customerRecordId: z.number().int(),
  isCellphone: z.boolean(),
  mailPreferences: z.number().int(),
  isTranslation: z.boolean(),
  isRestart: z.boolean(),
  isApproved: z.boolean(),
  weekDayName: z.string(),
  isServiceAddressManual: z.boolean(),
  serviceDate: z.string().nullable(),
  joinDate: z.string(),
  costService: z.number(),
  lotSize: z.string().nullable(),
  turfSize: z.number().int().nullable(),
  billingLotSize: z.string().nullable(),
  useCornerLot: z.boolean(),
  lotReview: z.string().nullable(),
  mapsco: z.string().nullable(),
  mapA: z.string().nullable(),
  mapscoGrid: z.string().nullable(),
  communityCode: z.string().nullable(),
  gateCode: z.string().nullable(),
  mowCut: z.array(z.enum(MOW_CUTS)),
  sendSchedule: z.number().int().nullable(),
  futureCancel: z.number().int().nullable(),
  cardLastFour: z.string().nullable(),
  cardExpiry: z.string().nullable(),
  billingName: z.string().nullable(),
  billingAddress: z.string().nullable(),
  billingZipCode: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingState: z.string().nullable(),
  poBoxEnabled: z.boolean(),
  billingPoBox: z.string().nullable(),
  billingPoBoxCity: z.string().nullable(),
  billingPoBoxState: z.string().nullable(),
  billingPoBoxZipcode: z.string().nullable(),
  conditionSpanish: z.string().nullable(),
  requestSpanish: z.string().nullable(),
  conditionSpanishTranslation: z.string().nullable(),
  requestSpanishTranslation: z.string().nullable(),
  /** How the customer heard of the business (`HOW_HEARD`) and which option of it. */
  about: z.number().int().nullable(),
  aboutOption: z.string().nullable(),
  referralCode: z.string().nullable(),
  /** Who signed the customer up ('Sign by'): a customer-service user's id, and their name. */
  csr: z.number().int().nullable(),
  csrName: z.string().nullable(),
  /** The review options (`REVIEW_OPTIONS`) ticked. */
  optReviews: z.array(z.number().int()),
  bbNotes: z.string().nullable(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
  /** The winter option of each mow year the property has a schedule for. */
  winterScheduleStatus: z.array(z.object({ year: z.number().int(), status: z.boolean() })),
  /** Goes up by one with every change a person makes to the record; edits send it back (409 when stale). */
  version: z.number().int(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** Columns of the customer list and of its exports. The first five are always shown. */
export const CUSTOMER_COLUMNS = {
  fullName: 'Customer',
  serviceAddress: 'Address',
  customerId: 'Account No',
  marketName: 'Market',
  statusName: 'Status',
  crew: 'Crew',
  mowCut: 'Mow cut',
  city: 'City',
  state: 'State',
  zipcode: 'Zip',
  lat: 'Lat',
  lng: 'Lng',
  subtotalMowing: 'Mowing price',
  taxRate: 'Tax rate',
  calculatedTax: 'Tax',
  totalMowing: 'Total',
  userEdit: 'Last edited',
  userNote: 'Call notes',
  cardTypeName: 'Card type',
  contactNumber: 'Phone',
  email: 'Email',
  frecuencyName: 'Frequency',
  paymentType: 'Payment type',
} as const;
export type CustomerColumn = keyof typeof CUSTOMER_COLUMNS;
export const CUSTOMER_COLUMN_KEYS = Object.keys(CUSTOMER_COLUMNS) as CustomerColumn[];
export const DEFAULT_CUSTOMER_COLUMNS = [
  'fullName',
  'serviceAddress',
  'customerId',
  'marketName',
  'statusName',
] as const satisfies readonly CustomerColumn[];

/** `filter[...]` names the customer list accepts (comma-separated values mean "any of"). */
export const CUSTOMER_FILTERS = [
  'statusOrders',
  'status',
  'market',
  'crew',
  'zipcode',
  'city',
  'state',
  'weekDay',
  'srvFrecuency',
  'cardType',
  'fullName',
  'serviceAddress',
  'customerId',
  'contactNumber',
  'email',
  /** The search box: name, service address, account number, phone or e-mail (see customerSearchTerm). */
  'search',
  // The lookup's filters (see the list API's descriptions).
  'week',
  'year',
  'isCellphone',
  'createdAt',
  'futureCancel',
  'sendSchedule',
  'signedBy',
  'source',
  'mapsco',
  'mapA',
  'mapscoGrid',
  'lastNameBucket',
  'isApproved',
  'skipDate',
  'writeDate',
  'redoDate',
  'noteDate',
  'noteType',
] as const;
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number];

/** `sort` names (prefix `-` for descending); `id` is always the tiebreak. */
export const CUSTOMER_SORTS = [
  'id',
  'fullName',
  'serviceAddress',
  'customerId',
  'marketName',
  'statusName',
  'crew',
  'city',
  'state',
  'zipcode',
  'subtotalMowing',
  'totalMowing',
  'taxRate',
  'cardType',
  'contactNumber',
  'email',
  'updatedAt',
  'userEdit',
  'userNote',
] as const;
export const CUSTOMER_INCLUDES = ['userEdit', 'userNote'] as const;
export const CUSTOMER_PAGE_SIZES = [50, 75, 100] as const;
export const CUSTOMER_DEFAULT_SORT = '-id';

export const cardTypeCodes = keysOf(CARD_TYPES);

/** GET /api/customers/verify/email?email=&id= : is the address used by another customer than the one of property id? */
export const verifyEmailQuerySchema = z.object({
  email: emailAddress({ invalid: CUSTOMER_MESSAGES.emailInvalid }),
  id: idParamSchema.optional(),
});
export const verifyEmailResponseSchema = z.object({ data: z.object({ exists: z.boolean() }) });

/** GET /api/customers/verify/account?account= : is the account number taken (id: the live property holding it)? */
export const verifyAccountQuerySchema = z.object({
  account: requiredText({
    required: CUSTOMER_MESSAGES.accountInvalid,
    pattern: { regex: ACCOUNT_NUMBER_PATTERN, message: CUSTOMER_MESSAGES.accountInvalid },
    max: 20,
    maxMessage: CUSTOMER_MESSAGES.accountInvalid,
  }),
});
export const verifyAccountResponseSchema = z.object({
  data: z.object({ exists: z.boolean(), id: z.number().int().optional() }),
});

/** One entry of a property's history (GET /api/customers/{id}/history), newest first by default. */
export const customerHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  /** Readable, e.g. 'Changed mow day from Monday to Tuesday'. */
  description: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  createdAt: z.string(),
  user: person,
});
export type CustomerHistoryEntry = z.infer<typeof customerHistoryEntrySchema>;
