import { z } from 'zod';
import { NAME_MAX, PHONE_PATTERN, ZIP_PATTERN } from '../customers/customer.schema';
import { GATE_CODE_MAX } from '../customers/property.schema';
import { cardNumberProblem, cardTypeFromNumber, isRoutingNumberValid, numberDigits } from '../payments/card-rules';
import { isHolderNameFreeOfNumbers, NAME_ON_CARD_MAX, PAYMENT_MESSAGES } from '../payments/payment.schema';
import { calendarDateIn, isIsoDate, type IsoDate } from '../schedule/calendar-date';
import { ADDRESS_STATE_CODES } from '../places/us-states';
import { boundedText, emailAddress, requiredText, selectedNumber } from '../validation';
import { firstBroken } from '../validation/rules';
import { LIABILITY_RELEASES, PET_ANSWERS, type PropertyQuestion } from './property-questions';
import { HOW_HEARD, type LiabilityQuestion } from '../new-customers/new-customer.constants';
import { SCHEDULE_SERVICES, SIGN_UP_MESSAGES as M } from './sign-up.constants';
import { nextBusinessDay } from '../schedule/holidays';
import { isHowHeardOptionValid, startDateProblem } from '../new-customers/new-customer.rules';
import { publicNewCustomerSchema } from '../new-customers/new-customer.schema';

/** Special requests: free text of a sensible size. */
const SPECIAL_REQUEST_MAX = 500;

/**
 * The earliest start of a public sign-up made at `now`: the next business day (a weekday that is not a holiday) after
 * today in the business's time zone. The sign-up page offers it as the start date, and the server refuses anything
 * sooner.
 */
export function earliestSignUpStartDate(now: Date): IsoDate {
  return nextBusinessDay(calendarDateIn(now));
}

/**
 * Why a start date cannot be chosen on `today`, or undefined when it can: the start-date rule of every new customer
 * (a weekday that is not a holiday, up to 12/31/2050) with the public sign-up's earliest day, the next business day.
 */
export function signUpStartDateProblem(date: string, today: IsoDate): string | undefined {
  if (!isIsoDate(date)) return M.startDateInvalid;
  return startDateProblem(date, nextBusinessDay(today));
}

const yesNo = (required: string) => z.enum(['Yes', 'No'], { error: required });
const optionalYesNo = z.enum(['Yes', 'No', '']);
const code = boundedText({ max: GATE_CODE_MAX });

/** Whether a follow-up holds an answer although the question above it is not Yes (a bot skipping the form). */
function isAnsweredWithoutParent(form: Record<string, unknown>, parent: PropertyQuestion, child: PropertyQuestion) {
  return form[parent] !== 'Yes' && form[child] !== '' && form[child] !== undefined;
}

/** The follow-ups a No must leave empty, with the question they hang on. */
const FOLLOW_UP_PAIRS: readonly (readonly [PropertyQuestion, PropertyQuestion])[] = [
  ['isCommunityGate', 'communityCode'],
  ['isBackyardGate', 'isItLocked'],
  ['isItLocked', 'gateCode'],
  ['isItLocked', 'isBackyardComboLock'],
  ['isFlowerBeds', 'isLineTrimBeds'],
  ['isLineTrimBeds', 'isFlowerBedsDamage'],
  ['isPetsBackyard', 'isPetNoTrouble'],
  ...LIABILITY_RELEASES,
];

/**
 * The customer-info page of the sign-up, on `today`: the same object checks the form and the public
 * creation route, so a bot posting directly meets every rule the page does.
 */
export function signUpCustomerInfoSchema(today: IsoDate) {
  return z
    .object({
      firstName: requiredText({ required: M.firstNameRequired, max: NAME_MAX }),
      lastName: requiredText({ required: M.lastNameRequired, max: NAME_MAX }),
      contactNumber: requiredText({
        required: M.contactNumberRequired,
        max: 20,
        pattern: { regex: PHONE_PATTERN, message: M.phoneInvalid },
      }),
      isCellphone: yesNo(M.required),
      email: requiredText({ required: M.required, max: 255 }).pipe(emailAddress({ invalid: M.emailInvalid })),
      scheduleService: z
        .enum(Object.keys(SCHEDULE_SERVICES) as [keyof typeof SCHEDULE_SERVICES], { error: M.scheduleServiceRequired })
        .refine((value) => value !== 'oneTime', M.oneTimeRefused),
      serviceDate: requiredText({ required: M.startDateRequired, max: 10 }).superRefine((date, context) => {
        const problem = signUpStartDateProblem(date, today);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
      grassOvergrown: yesNo(M.required),
      isCommunityGate: yesNo(M.required),
      communityCode: code,
      isBackyardGate: yesNo(M.required),
      isItLocked: optionalYesNo,
      gateCode: code,
      isBackyardComboLock: optionalYesNo,
      isFlowerBeds: yesNo(M.required),
      isLineTrimBeds: optionalYesNo,
      isFlowerBedsDamage: optionalYesNo,
      isPetsBackyard: yesNo(M.required),
      isPetNoTrouble: z.enum([...(Object.keys(PET_ANSWERS) as (keyof typeof PET_ANSWERS)[]), '']),
      isFencePlastic: yesNo(M.checkboxRequired),
      disclaimerFencePlastic: optionalYesNo,
      isAboveGroundPool: yesNo(M.checkboxRequired),
      disclaimerAboveGroundPool: optionalYesNo,
      isTrampoline: yesNo(M.checkboxRequired),
      disclaimerTrampoline: optionalYesNo,
      specialReq: boundedText({ max: SPECIAL_REQUEST_MAX }),
      about: z
        .number({ error: M.required })
        .refine((value) => Object.keys(HOW_HEARD).map(Number).includes(value), M.required),
      aboutOption: boundedText({ max: 100 }),
    })
    .superRefine((form, context) => {
      // A release of liability is the condition of service for each item the crew could damage.
      for (const [item, disclaimer] of LIABILITY_RELEASES) {
        if (form[item] === 'Yes' && form[disclaimer] !== 'Yes') {
          context.addIssue({ code: 'custom', path: [disclaimer], message: M.liabilityRefused });
        }
      }
      // The crew cannot get through a closed gate without its code.
      if (form.isCommunityGate === 'Yes' && form.communityCode === '') {
        context.addIssue({ code: 'custom', path: ['communityCode'], message: M.gateCodeRequired });
      }
      if (form.isItLocked === 'Yes' && form.gateCode === '') {
        context.addIssue({ code: 'custom', path: ['gateCode'], message: M.gateCodeRequired });
      }
      for (const [parent, child] of FOLLOW_UP_PAIRS) {
        if (isAnsweredWithoutParent(form, parent, child)) {
          context.addIssue({ code: 'custom', path: [child], message: M.required });
        }
      }
      if (!isHowHeardOptionValid(form.about, form.aboutOption)) {
        context.addIssue({ code: 'custom', path: ['aboutOption'], message: M.required });
      }
    });
}
export type SignUpCustomerInfo = z.infer<ReturnType<typeof signUpCustomerInfoSchema>>;

/** One address set of the billing page: address, city, zip and a US state code (DC and PR included). */
export const signUpAddressSchema = z.object({
  address: requiredText({ required: M.addressRequired, max: 255 }),
  city: requiredText({ required: M.cityRequired, max: 100 }),
  zipcode: requiredText({ required: M.required, max: 5, pattern: { regex: ZIP_PATTERN, message: M.required } }),
  state: z.string({ error: M.stateRequired }).refine((state) => ADDRESS_STATE_CODES.includes(state), M.stateRequired),
});
export type SignUpAddress = z.infer<typeof signUpAddressSchema>;

/**
 * The name on the card or account: required (the page's own word for it), and never a run of seven or more digits,
 * the server's rule for every payment method: a card or account number typed into the name by mistake would be
 * kept in clear. Checked here too, so the page marks the field instead of sending an order the server refuses.
 */
const holderName = requiredText({ required: M.required, max: NAME_ON_CARD_MAX }).refine(
  isHolderNameFreeOfNumbers,
  firstBroken(PAYMENT_MESSAGES.nameHasNumber),
);

/**
 * The sign-up's card tab, as typed (before the number is encrypted): American Express 15 digits, any other card 16,
 * and the checks every card number gets (brand, checksum), answered 'Invalid card'.
 */
export const signUpCardFormSchema = z.object({
  nameOnCard: holderName,
  creditCardNumber: requiredText({ required: M.cardRequired, max: 30 }).refine((number) => {
    const digits = numberDigits(number);
    const length = cardTypeFromNumber(digits) === 3 ? 15 : 16;
    return digits.length === length && cardNumberProblem(digits) === undefined;
  }, firstBroken(M.cardInvalid)),
  cardType: selectedNumber(z.number({ error: M.cardRequired })),
  creditCardExpirationMonth: selectedNumber(z.number({ error: M.cardRequired })),
  creditCardExpirationYear: selectedNumber(z.number({ error: M.cardRequired })),
});

/** The sign-up's e-check tab (checking accounts), with the spec's own messages. */
export const signUpECheckFormSchema = z
  .object({
    checkNameOnAccount: holderName,
    // The ABA checksum the gateway checks too: a mistyped routing number is marked here, before Submit.
    checkRoutingNumber: requiredText({ required: M.routingRequired, max: 9, min: 9, minMessage: M.routingMin }).refine(
      isRoutingNumberValid,
      firstBroken(PAYMENT_MESSAGES.routingInvalid),
    ),
    checkAccountNumber: requiredText({ required: M.accountRequired, max: 17, min: 6, minMessage: M.accountMin }),
    checkAccountNumberVerify: requiredText({ required: M.verifyRequired, max: 17, min: 6, minMessage: M.accountMin }),
  })
  .refine((form) => form.checkAccountNumber === form.checkAccountNumberVerify, {
    path: ['checkAccountNumberVerify'],
    message: M.verifyMismatch,
  });

/**
 * The sign-up's own answers, sent beside the order: what the office's wizard does not ask (one-time or scheduled, the
 * locked gate and its combo lock, line-trimming the beds, the pets, the three liability releases, the info wanted).
 */
export const signUpAnswersSchema = z.strictObject({
  scheduleService: z
    .enum(Object.keys(SCHEDULE_SERVICES) as [keyof typeof SCHEDULE_SERVICES], { error: M.scheduleServiceRequired })
    .refine((value) => value !== 'oneTime', M.oneTimeRefused),
  isItLocked: optionalYesNo,
  isBackyardComboLock: optionalYesNo,
  isLineTrimBeds: optionalYesNo,
  isFlowerBedsDamage: optionalYesNo,
  isPetNoTrouble: z.enum([...(Object.keys(PET_ANSWERS) as (keyof typeof PET_ANSWERS)[]), '']),
  disclaimerFencePlastic: optionalYesNo,
  disclaimerAboveGroundPool: optionalYesNo,
  disclaimerTrampoline: optionalYesNo,
  isFlowerBedCleaning: z.boolean(),
  isBushTrimming: z.boolean(),
});
export type SignUpAnswers = z.infer<typeof signUpAnswersSchema>;

/** The liability question of the order each of the sign-up's releases covers. */
export const SIGN_UP_RELEASE_ITEMS = {
  disclaimerFencePlastic: 'isFencePlastic',
  disclaimerAboveGroundPool: 'isAboveGroundPool',
  disclaimerTrampoline: 'isTranpoline',
} as const satisfies Partial<Record<keyof SignUpAnswers, LiabilityQuestion>>;

/** Which order answer each release and follow-up hangs on (the order says Yes with `true`). */
const ORDER_PARENTS = {
  ...SIGN_UP_RELEASE_ITEMS,
  isItLocked: 'isBackyardGate',
  isLineTrimBeds: 'isFlowerBeds',
  isPetNoTrouble: 'isPetsBackyard',
} as const;

/**
 * POST /api/web/customers: the order in the public variant of the new-customer schema, and the sign-up's own answers.
 * The rules between them are the page's: each vinyl fence, above-ground pool or trampoline needs its liability
 * release, and no follow-up is answered under a question the order answers No. A bot posting directly meets them too.
 */
export const publicSignUpRequestSchema = z
  .strictObject({ order: publicNewCustomerSchema, signUp: signUpAnswersSchema })
  .superRefine((request, context) => {
    // The rules read both parts only once each has the right shape (they may run beside other issues).
    const { order, signUp } = request as Partial<typeof request>;
    if (typeof order !== 'object' || order === null || typeof signUp !== 'object' || signUp === null) return;
    const orderAnswers = order as unknown as Record<string, unknown>;
    for (const [answer, parent] of Object.entries(ORDER_PARENTS) as [keyof typeof ORDER_PARENTS, string][]) {
      const isParentYes = orderAnswers[parent] === true;
      const value = signUp[answer];
      const isRelease = answer.startsWith('disclaimer');
      if (isRelease && isParentYes && value !== 'Yes') {
        context.addIssue({ code: 'custom', path: ['signUp', answer], message: M.liabilityRefused });
      } else if (!isParentYes && value !== '') {
        context.addIssue({ code: 'custom', path: ['signUp', answer], message: M.required });
      }
    }
    const isLocked = signUp.isItLocked === 'Yes';
    if (!isLocked && signUp.isBackyardComboLock !== '') {
      context.addIssue({ code: 'custom', path: ['signUp', 'isBackyardComboLock'], message: M.required });
    }
    if (signUp.isLineTrimBeds !== 'Yes' && signUp.isFlowerBedsDamage !== '') {
      context.addIssue({ code: 'custom', path: ['signUp', 'isFlowerBedsDamage'], message: M.required });
    }
  });
export type PublicSignUpRequest = z.input<typeof publicSignUpRequestSchema>;

/**
 * The answer to a sign-up: the new property's account number only. A sign-up whose e-mail address is a current
 * customer's joins that customer, and its answer must not tell so, nor anything of that customer: it carries no
 * customer id, and reads the same whether the customer is new or not.
 */
export const publicSignUpResponseSchema = z.object({
  message: z.string(),
  data: z.object({ accountNumber: z.string() }),
});
export type PublicSignUpCreated = z.infer<typeof publicSignUpResponseSchema>['data'];
