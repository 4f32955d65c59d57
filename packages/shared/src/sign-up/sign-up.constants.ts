import { NOTE_MAX_DATE } from '../notes/note.constants';
import type { LotSizeTier } from '../pricing/lot-size-tiers';

/** One-time or scheduled service: only scheduled mowing is sold. */
export const SCHEDULE_SERVICES = { scheduled: 'Scheduled service', oneTime: 'One-time service' } as const;
export type ScheduleService = keyof typeof SCHEDULE_SERVICES;

/** What every mow includes, as the quote lists it. */
export const QUOTE_INCLUDED = [
  'A personalized mow schedule',
  'A mow day chosen by you',
  'Mow',
  'Line trim',
  'Edge',
  'Blowing debris from concrete',
] as const;

/** The optional services the quote offers information on (`isFlowerBedCleaning`, `isBushTrimming`). */
export const INFO_SERVICES = { isFlowerBedCleaning: 'Flower Bed Cleaning', isBushTrimming: 'Bush Trimming' } as const;

/** The latest start date anyone may pick: the product's last date. */
export const SIGN_UP_LAST_START_DATE = NOTE_MAX_DATE;

/** The office hours the public pages show beside the office phone, until an Admin sets their own. */
export const OFFICE_HOURS = 'Monday to Friday, 9am to 5pm';

/**
 * A lot-size card's turf range: the first card, starting at 0, reads 'N + sq ft turf' (N its end); the others
 * 'start - end sq ft turf'.
 */
export function lotCardTurfLabel(tier: Pick<LotSizeTier, 'turfSizeStart' | 'turfSizeEnd'>): string {
  const format = (value: number) => value.toLocaleString('en-US');
  if (tier.turfSizeStart === 0) return `${format(tier.turfSizeEnd)} + sq ft turf`;
  return `${format(tier.turfSizeStart)} - ${format(tier.turfSizeEnd)} sq ft turf`;
}

/** The public pages' own words, written once for the pages, their tests and the API. */
export const SIGN_UP_MESSAGES = {
  quoteHeading: (productName: string) => `You're in luck, ${productName} Services Your Area`,
  notServed: 'Sorry, we do not service this area yet.',
  sorryTitle: 'Sorry',
  lotSizeRequired: 'Please select a lot size from the option menu.',
  /** Front, Back or both: Bag grass is a service on top of mowing (hasAreaToMow). */
  areaToMowRequired: 'Choose Front, Back or both: there is nothing to mow without one.',
  checkMarkedFields: 'Some answers are missing or need a change: see the marked fields.',
  cornerLotTooltip: 'No extra charge: pricing follows the actual turf measurements.',
  customQuoteTitle: 'Your Custom Quote',
  plusTax: '+ Tax',
  tagline: 'The budget way to mow your lawn.',
  infoQuestion: 'Do you want info on these services?',
  exceptionsTitle: 'Exceptions in your area',
  newCustomersOnly: 'This sign-up is for new customers only.',
  required: 'This field is required',
  contactNumberRequired: 'Contact number is required',
  phoneInvalid: 'Enter a 10-digit phone number',
  emailInvalid: 'Invalid email',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  scheduleServiceRequired: 'Choose scheduled service',
  oneTimeRefused: 'We do not offer 1 time service.',
  /** The spec wrote 'checkox' for the fence; the same plain word is used for all three. */
  gateCodeRequired: 'Gate code is required',
  checkboxRequired: 'This checkbox is required',
  liabilityRefused:
    'Sorry we cannot service your property unless we are release of liability to any damage to these items. You must assume liability in order to proceed.',
  overgrownGrass:
    'Grass above six inches costs double the normal rate for the first mow, then regular rates apply. Grass above one foot cannot be serviced unless it is mowed and edged below six inches first.',
  flowerBeds:
    'Line trimming inside flower beds may damage plants. The company accepts no liability for damage to plants in the beds.',
  startDateRequired: 'Service start date is required',
  startDateInvalid: 'Date is not valid',
  billingTitle: "let's get you on the schedule!",
  securityNote:
    'Your card or bank details are encrypted in your browser and go straight to our payment processor: we never see or keep the full number.',
  sameAsService: 'Same as Service Address',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  cardRequired: 'This field is required',
  cardInvalid: 'Invalid card',
  accountRequired: 'Account number is required',
  accountMin: 'Minimum 6 characters',
  routingRequired: 'Routing number is required',
  routingMin: 'Minimum 9 characters',
  verifyRequired: 'Confirm your account number',
  verifyMismatch: "Account numbers don't match",
  submitFailed: 'There was an error',
  created: 'customer was created successfully',
  successTitle: 'Success!',
  successText: 'Thanks for your Lawn Mowing order. We Will Call you to Confirm your order.',
  estimateDisclaimer:
    'This price is an estimate from county records of your lot. It is subject to a final review of your property; we will call you before your first mow if it changes.',
  nothingToShow: 'There is no sign-up to show. Start with a quote.',
} as const;
