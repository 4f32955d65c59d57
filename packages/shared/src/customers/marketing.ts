import { boundedText, choiceOf, ID_RANGE, listOf, wholeNumber } from '../validation';
import { HOW_HEARD } from '../new-customers/new-customer.constants';

/** The review options of the Marketing tab, by code: what has been asked of the customer about reviews. */
export const REVIEW_OPTIONS = {
  1: 'Restart Invites',
  2: 'Send Reviews',
  3: 'Review sent',
} as const;
export type ReviewOption = keyof typeof REVIEW_OPTIONS;

/** A Spanish condition or request, or its translation: a line a crew reads on site. */
export const SPANISH_TEXT_MAX = 255;
/** A how-heard sub-option is the name of a pick-list option. */
export const HOW_HEARD_OPTION_MAX = 100;
/** Referral codes are short codes a customer passes on. */
export const REFERRAL_CODE_MAX = 30;

export const MARKETING_MESSAGES = {
  optionNotOfSource: 'Choose an option of the chosen source',
  csrNotActive: 'Choose an active customer-service user',
} as const;

/**
 * The Spanish tab's fields as PATCH /api/customers/{id} takes them: the conditions and requests of the property in
 * Spanish, and their translations. Blank means none.
 */
export const spanishFieldsSchema = {
  conditionSpanish: boundedText({ max: SPANISH_TEXT_MAX }).nullable(),
  requestSpanish: boundedText({ max: SPANISH_TEXT_MAX }).nullable(),
  conditionSpanishTranslation: boundedText({ max: SPANISH_TEXT_MAX }).nullable(),
  requestSpanishTranslation: boundedText({ max: SPANISH_TEXT_MAX }).nullable(),
};
export const SPANISH_FIELDS = Object.keys(spanishFieldsSchema) as (keyof typeof spanishFieldsSchema)[];

/**
 * The Marketing tab's fields as PATCH /api/customers/{id} takes them (the send-schedule and future-cancel weeks are
 * the record's own): how the customer heard of the business and which option of it, their referral code, who signed
 * them up ('Sign by', a user id) and the review options.
 */
export const marketingFieldsSchema = {
  about: choiceOf(HOW_HEARD).nullable(),
  aboutOption: boundedText({ max: HOW_HEARD_OPTION_MAX }).nullable(),
  referralCode: boundedText({ max: REFERRAL_CODE_MAX }).nullable(),
  csr: wholeNumber({ ...ID_RANGE, message: MARKETING_MESSAGES.csrNotActive }).nullable(),
  optReviews: listOf(choiceOf(REVIEW_OPTIONS), { max: Object.keys(REVIEW_OPTIONS).length }),
};

/**
 * A send-schedule or future-cancel week as the tab shows it: older data kept these as text, where four characters
 * ('null', a year) meant none was set, so a value of length 4 reads as empty.
 */
export function shownMarketingWeek(value: number | string | null): string {
  const text = value === null ? '' : String(value);
  return text.length === 4 ? '' : text;
}
