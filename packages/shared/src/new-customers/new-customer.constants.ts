/**
 * How the customer heard about the business (`about`), by the codes the business has always stored: TV AD is 9 and a
 * current customer adding a property is 5, so reports over old and new customers count them alike.
 */
export const HOW_HEARD = {
  1: 'Web search',
  2: 'Social media',
  3: 'Mail card',
  4: 'Referral',
  5: 'Current customer adding a new property',
  9: 'TV AD',
} as const;
export type HowHeard = keyof typeof HOW_HEARD;

/** The order the choices are offered in: a current customer adding a property comes last. */
export const HOW_HEARD_ORDER: readonly HowHeard[] = [1, 2, 3, 4, 9, 5];

/** The sub-options (`aboutOption`) of a how-heard choice; a choice without any takes none. */
export const HOW_HEARD_OPTIONS: Readonly<Partial<Record<HowHeard, readonly string[]>>> = {
  1: ['Google', 'Yahoo', 'Bing', 'Other'],
  2: ['Facebook', 'Instagram', 'Next Door'],
  4: ['Friend', 'Neighbor', 'Law Co.', 'Other'],
};

/**
 * The liability questions: answering Yes to one of them needs the customer to accept liability for damage to that item
 * (one release per item); declining cancels the application.
 */
export const LIABILITY_QUESTIONS = {
  isFlowerBeds: 'Are there flower beds in the areas to mow?',
  isPetsBackyard: 'Are there pets in the backyard?',
  isFencePlastic: 'Is there a vinyl (plastic) fence?',
  isAboveGroundPool: 'Is there an above-ground pool?',
  isTranpoline: 'Is there a trampoline?',
} as const;
export type LiabilityQuestion = keyof typeof LIABILITY_QUESTIONS;
export const LIABILITY_QUESTION_KEYS = Object.keys(LIABILITY_QUESTIONS) as LiabilityQuestion[];

/** Free-text notes of a new customer: private note, special request and the B&B notes. */
export const NEW_CUSTOMER_NOTE_MAX = 2000;
/** A billing or mailing PO box: at most 10 characters. */
export const PO_BOX_MAX = 10;
/** Billing and PO box cities: at most 80 characters. */
export const BILLING_CITY_MAX = 80;

/** The texts of the new-customer paths: the spec's own where it gives them, plain words where it does not. */
export const NEW_CUSTOMER_MESSAGES = {
  occupancyRequired: 'Confirm this before going on',
  serviceDateRequired: 'Service start date is required',
  dateInPast: 'Date cannot be in the past',
  dateNotBusinessDay: 'Choose a weekday that is not a holiday',
  dateBeyondMax: 'Choose a date up to 12/31/2050',
  gateCodeRequired: 'Gate code is required',
  liabilityRefused:
    'Sorry we cannot service your property unless we are release of liability to any damage to these items. You must assume liability in order to proceed.',
  liabilityCancelled: 'The application was cancelled: the information will be lost.',
  releaseWithoutItem: 'A release of liability is taken only for an item answered Yes',
  lotSizeRequired: 'Lot size is required',
  lotSizeNotOffered: 'This lot size is not offered in this market',
  reasonRequired: 'Give the reason for changing the lot size',
  csrRequired: 'CSR is required',
  csrUnknown: 'Choose an active customer-service user',
  aboutRequired: 'Tell us how the customer heard about us',
  aboutOptionUnknown: 'Choose one of the listed options',
  marketMismatch: 'This zip code is served by another market',
  emailRequired: 'This field is required',
  sameAsServiceRequired: "Tick 'Same as service address', or give an address or a PO box",
  nameRequired: 'Name is required',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipRequired: 'Zip code is required',
  zipInvalid: 'Zip code is not valid (e.g. 70000)',
  stateInvalid: 'Use the 2-letter state code',
  priorityMow: 'Priority Mow charge double & pay x2',
  created: 'The customer has been created successfully',
  notRegistered: 'The customer was not registered',
  notificationName: 'New customer waiting for approval',
} as const;
