import { z } from 'zod';
import { FREQUENCIES, MOW_CUTS, WEEKDAYS } from '../customers/customer.constants';
import { CUSTOMER_MESSAGES, NAME_MAX, PHONE_PATTERN } from '../customers/customer.schema';
import { GATE_CODE_MAX } from '../customers/property.schema';
import { NOTE_DESCRIPTION_MIN, NOTE_MESSAGES } from '../notes/note.constants';
import {
  paymentMethodChangeSchema,
  webPaymentMethodChangeSchema,
  type PaymentMethodChange,
} from '../payments/payment.schema';
import { zipcodeSchema } from '../places/place.schema';
import { hasAreaToMow } from '../pricing/pricing';
import { PRICING_MESSAGES, priceSchema } from '../pricing/pricing.schema';
import { SCHEDULE_MESSAGES } from '../schedule/schedule.schema';
import {
  boundedText,
  choiceOf,
  decimal,
  EMAIL_PATTERN,
  emailAddress,
  ID_RANGE,
  listOf,
  PG_INTEGER_RANGES,
  requiredText,
  VALIDATION_MESSAGES,
  wholeNumber,
} from '../validation';
import { isIsoDate } from '../schedule/calendar-date';
import { firstBroken } from '../validation/rules';
import {
  BILLING_CITY_MAX,
  HOW_HEARD,
  LIABILITY_QUESTION_KEYS,
  NEW_CUSTOMER_MESSAGES,
  NEW_CUSTOMER_NOTE_MAX,
  PO_BOX_MAX,
} from './new-customer.constants';
import { addressBlockProblems, isHowHeardOptionValid, unreleasedItems, type AddressBlock } from './new-customer.rules';

const STATE_CODE = /^[A-Z]{2}$/;
const name = (required: string) => requiredText({ required, max: NAME_MAX, maxMessage: CUSTOMER_MESSAGES.nameMax });
const optionalText = (max: number) => boundedText({ max }).default('');
/** A note's text: empty (no note), or at least 3 characters like every note. */
const noteText = () =>
  boundedText({ max: NEW_CUSTOMER_NOTE_MAX })
    .refine((text) => text === '' || text.length >= NOTE_DESCRIPTION_MIN, firstBroken(NOTE_MESSAGES.descriptionMin))
    .default('');

/** A billing or mailing address set; which of its fields are needed is `addressBlockProblems`. */
export const addressBlockSchema = z.strictObject({
  isSameAsService: z.boolean().default(false),
  name: optionalText(120),
  address: optionalText(255),
  city: optionalText(BILLING_CITY_MAX),
  state: optionalText(2),
  zipcode: optionalText(5),
  poBox: optionalText(PO_BOX_MAX),
  poBoxCity: optionalText(BILLING_CITY_MAX),
  poBoxState: optionalText(2),
  poBoxZipcode: optionalText(5),
}) satisfies z.ZodType<AddressBlock, unknown>;

/** Step "Your location": the service address, stored whole (the old 50-character cut was not a rule). */
const locationFields = {
  zipcode: zipcodeSchema(),
  serviceAddress: requiredText({ required: CUSTOMER_MESSAGES.serviceAddressRequired, max: 255 }),
  isServiceAddressManual: z.boolean().default(false),
  city: requiredText({ required: CUSTOMER_MESSAGES.cityRequired, max: 100 }),
  state: requiredText({
    required: CUSTOMER_MESSAGES.stateRequired,
    max: 2,
    pattern: { regex: STATE_CODE, message: NEW_CUSTOMER_MESSAGES.stateInvalid },
  }),
  lat: decimal({ min: -90, max: 90 }).nullable().default(null),
  lng: decimal({ min: -180, max: 180 }).nullable().default(null),
  /** The market the form showed for the zip; the server takes the zip's own and refuses another one. */
  marketId: wholeNumber({ ...ID_RANGE, message: CUSTOMER_MESSAGES.marketRequired }).optional(),
};

/**
 * Step "Your price": the lot's tier (`businesslogicId`, the lot-size option of the market's table), frequency and areas.
 * The prices a form shows may be sent along but are never used: the server prices the order itself.
 */
const priceFields = {
  businesslogicId: wholeNumber({ ...ID_RANGE, message: NEW_CUSTOMER_MESSAGES.lotSizeRequired }),
  turfSize: wholeNumber({ min: 0, max: PG_INTEGER_RANGES.integer.max, message: PRICING_MESSAGES.size })
    .nullable()
    .default(null),
  useCornerLot: z.boolean().default(false),
  srvFrecuency: choiceOf(FREQUENCIES),
  /** Grass above six inches: the first mow is a Priority Mow, charged double. */
  grassOvergrown: z.boolean({ error: VALIDATION_MESSAGES.required }),
  /** At least one area to mow: Bag grass alone has nothing to mow (hasAreaToMow). */
  mowCut: listOf(z.enum(MOW_CUTS, { error: VALIDATION_MESSAGES.choose }), {
    min: 1,
    max: MOW_CUTS.length,
    required: CUSTOMER_MESSAGES.mowCutRequired,
  }).refine(hasAreaToMow, firstBroken(CUSTOMER_MESSAGES.mowCutRequired)),
  costService: priceSchema.optional(),
  subtotalMowing: z.number().min(0).max(1e8).optional(),
  calculatedTax: z.number().min(0).max(1e8).optional(),
  totalMowing: z.number().min(0).max(1e8).optional(),
};

/** Step "Customer info": the person, the start date and the property questions. */
const customerFields = {
  firstName: name(CUSTOMER_MESSAGES.firstNameRequired),
  lastName: name(CUSTOMER_MESSAGES.lastNameRequired),
  email: emailAddress({ invalid: CUSTOMER_MESSAGES.emailInvalid, allowEmpty: true }).default(''),
  contactNumber: requiredText({
    required: CUSTOMER_MESSAGES.contactNumberRequired,
    pattern: { regex: PHONE_PATTERN, message: CUSTOMER_MESSAGES.phoneInvalid },
    max: 30,
  }),
  isCellphone: z.boolean({ error: VALIDATION_MESSAGES.required }),
  /** Checked against today and the business days by `startDateProblem` (it depends on the day). */
  serviceDate: requiredText({ required: NEW_CUSTOMER_MESSAGES.serviceDateRequired, max: 10 }).refine(
    isIsoDate,
    firstBroken(SCHEDULE_MESSAGES.dateInvalid),
  ),
  weekDay: choiceOf(WEEKDAYS),
  isCommunityGate: z.boolean({ error: VALIDATION_MESSAGES.required }),
  communityAnswer: optionalText(GATE_CODE_MAX),
  isBackyardGate: z.boolean({ error: VALIDATION_MESSAGES.required }),
  backyardAnswer: optionalText(GATE_CODE_MAX),
  isFlowerBeds: z.boolean({ error: VALIDATION_MESSAGES.required }),
  isPetsBackyard: z.boolean({ error: VALIDATION_MESSAGES.required }),
  isFencePlastic: z.boolean({ error: VALIDATION_MESSAGES.required }),
  isAboveGroundPool: z.boolean({ error: VALIDATION_MESSAGES.required }),
  isTranpoline: z.boolean({ error: VALIDATION_MESSAGES.required }),
  about: choiceOf(HOW_HEARD, NEW_CUSTOMER_MESSAGES.aboutRequired).nullable().default(null),
  aboutOption: optionalText(100),
  referralCode: optionalText(30),
};

/** Step "Notes" (the special request is also asked on the public sign-up). */
const noteFields = { specialRequest: noteText() };

/** Step "Card info": the payment method as the payment pages send it (numbers encrypted), billing and mailing. */
const paymentFields = {
  payment: paymentMethodChangeSchema,
  billing: addressBlockSchema,
  mailing: addressBlockSchema,
};

/** What only the office's wizard sends: its confirmations, the CSR, the county data, the office's notes. */
const staffFields = {
  useServiceHousesOccupied: z.literal(true, { error: NEW_CUSTOMER_MESSAGES.occupancyRequired }),
  useServiceHousesScheduled: z.literal(true, { error: NEW_CUSTOMER_MESSAGES.occupancyRequired }),
  csrUserId: wholeNumber({ ...ID_RANGE, message: NEW_CUSTOMER_MESSAGES.csrRequired }),
  /** The measured lot in sq ft (county record or typed); its tier is what the price would be without an edit. */
  lotSize: wholeNumber({ min: 1, max: PG_INTEGER_RANGES.integer.max, message: PRICING_MESSAGES.size })
    .nullable()
    .default(null),
  /** Why the billed lot size differs from the measured one: required then. */
  reasonSize: optionalText(255),
  owner: optionalText(120),
  propertyValue: decimal({ min: 0, max: 1e12 }).nullable().default(null),
  about: choiceOf(HOW_HEARD, NEW_CUSTOMER_MESSAGES.aboutRequired),
  privateNotes: noteText(),
  bbNotes: optionalText(NEW_CUSTOMER_NOTE_MAX),
  /**
   * The liability questions whose release the customer accepted on the phone, one per question answered Yes. The public
   * sign-up asks its own releases (the vinyl fence, the above-ground pool and the trampoline) beside the order.
   */
  acceptedReleases: listOf(z.enum(LIABILITY_QUESTION_KEYS, { error: VALIDATION_MESSAGES.choose }), {
    max: LIABILITY_QUESTION_KEYS.length,
  }).default([]),
};

type RuleInput = {
  isCommunityGate?: unknown;
  communityAnswer?: unknown;
  isBackyardGate?: unknown;
  backyardAnswer?: unknown;
  about?: unknown;
  aboutOption?: unknown;
  billing?: unknown;
  mailing?: unknown;
} & Record<string, unknown>;

/**
 * The rules between fields, the same on both paths: gate codes when a gate is Yes, the how-heard sub-option, and the
 * billing and mailing sets. They run whatever else is wrong, reading only fields of the right type.
 */
function newCustomerRules(value: RuleInput, context: z.RefinementCtx): void {
  // Running whatever else is wrong includes a missing or non-object value (the order part of a sign-up left out).
  if (typeof value !== 'object' || value === null) return;
  const issue = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', path, message });
  if (value.isCommunityGate === true && value.communityAnswer === '') {
    issue(['communityAnswer'], NEW_CUSTOMER_MESSAGES.gateCodeRequired);
  }
  if (value.isBackyardGate === true && value.backyardAnswer === '') {
    issue(['backyardAnswer'], NEW_CUSTOMER_MESSAGES.gateCodeRequired);
  }
  if (typeof value.about === 'number' && typeof value.aboutOption === 'string') {
    if (!isHowHeardOptionValid(value.about, value.aboutOption)) {
      issue(['aboutOption'], NEW_CUSTOMER_MESSAGES.aboutOptionUnknown);
    }
  }
  for (const set of ['billing', 'mailing'] as const) {
    const block = value[set];
    if (block === null || typeof block !== 'object') continue;
    const parsed = addressBlockSchema.safeParse(block);
    if (!parsed.success) continue;
    for (const [field, message] of Object.entries(addressBlockProblems(parsed.data))) issue([set, field], message);
  }
}

const withRules = <T extends z.ZodObject>(schema: T) => schema.superRefine(newCustomerRules, { when: () => true });

/**
 * The office's releases: each liability question answered Yes needs its own accepted release (declining one cancels
 * the application), and a release is kept only for an item answered Yes.
 */
function releaseRules(value: Record<string, unknown>, context: z.RefinementCtx): void {
  if (typeof value !== 'object' || value === null) return;
  const released = Array.isArray(value['acceptedReleases']) ? (value['acceptedReleases'] as unknown[]) : [];
  for (const question of unreleasedItems(value, released)) {
    context.addIssue({ code: 'custom', path: [question], message: NEW_CUSTOMER_MESSAGES.liabilityRefused });
  }
  if (released.some((question) => typeof question === 'string' && value[question] !== true)) {
    context.addIssue({ code: 'custom', path: ['acceptedReleases'], message: NEW_CUSTOMER_MESSAGES.releaseWithoutItem });
  }
}

/** The fields both paths send, by wizard step: the public sign-up sends the same fields under the same names. */
export const NEW_CUSTOMER_FIELDS = {
  location: locationFields,
  price: priceFields,
  customer: customerFields,
  notes: noteFields,
  payment: paymentFields,
} as const;
export const STAFF_NEW_CUSTOMER_FIELDS = staffFields;

const sharedShape = { ...locationFields, ...priceFields, ...customerFields, ...noteFields, ...paymentFields };

/**
 * POST /api/customers: a new customer from the office's six-step wizard. The shared fields plus the office's own
 * (confirmations, CSR, measured lot and reason, county data, private and B&B notes); unknown fields are refused.
 */
export const staffNewCustomerSchema = withRules(z.strictObject({ ...sharedShape, ...staffFields })).superRefine(
  releaseRules,
  { when: () => true },
);
export type StaffNewCustomer = z.output<typeof staffNewCustomerSchema>;
export type StaffNewCustomerInput = z.input<typeof staffNewCustomerSchema>;

/**
 * The public sign-up's variant of the same schema: the shared fields only, with the e-mail required (the customer's
 * web account is made for it). The office's fields are refused like any unknown field.
 */
export const publicNewCustomerSchema = withRules(
  z.strictObject({
    ...sharedShape,
    // The customer signs up on the web: their acceptance of the charges is required (see charge-authorization.ts).
    payment: webPaymentMethodChangeSchema,
    email: requiredText({
      required: NEW_CUSTOMER_MESSAGES.emailRequired,
      max: 255,
      pattern: { regex: EMAIL_PATTERN, message: CUSTOMER_MESSAGES.emailInvalid },
    }),
  }),
);
export type PublicNewCustomer = z.output<typeof publicNewCustomerSchema>;
export type PublicNewCustomerInput = z.input<typeof publicNewCustomerSchema>;

type StaffOnly = Omit<StaffNewCustomer, keyof PublicNewCustomer>;
/**
 * What the creation service takes: a public request, or a staff one with the office's fields (whose payment may come
 * without the customer's acceptance of the charges: the office records one only when the customer gave it).
 */
export type NewCustomerRequest = Omit<PublicNewCustomer, 'payment'> &
  Partial<StaffOnly> & { about: number | null; payment: PaymentMethodChange };

/** The answer: the new account number and the ids of the record (property) and the customer. */
export const newCustomerResponseSchema = z.object({
  message: z.string(),
  data: z.object({ accountNumber: z.string(), id: z.number().int(), customerId: z.number().int() }),
});
export type NewCustomerCreated = z.infer<typeof newCustomerResponseSchema>['data'];
