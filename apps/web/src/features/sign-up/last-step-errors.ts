import type { AddressSet } from './sign-up-state';

/**
 * The customer-info page's name of each field of the order the server may refuse (the order keeps a few names of the
 * office's wizard: a gate's code is its answer, the trampoline is spelt as stored). The sign-up's own answers keep
 * the page's names.
 */
const CUSTOMER_INFO_FIELDS: Readonly<Record<string, string>> = {
  firstName: 'firstName',
  lastName: 'lastName',
  contactNumber: 'contactNumber',
  isCellphone: 'isCellphone',
  email: 'email',
  serviceDate: 'serviceDate',
  weekDay: 'serviceDate',
  grassOvergrown: 'grassOvergrown',
  isCommunityGate: 'isCommunityGate',
  communityAnswer: 'communityCode',
  isBackyardGate: 'isBackyardGate',
  backyardAnswer: 'gateCode',
  isFlowerBeds: 'isFlowerBeds',
  isPetsBackyard: 'isPetsBackyard',
  isFencePlastic: 'isFencePlastic',
  isAboveGroundPool: 'isAboveGroundPool',
  isTranpoline: 'isTrampoline',
  specialRequest: 'specialReq',
  about: 'about',
  aboutOption: 'aboutOption',
  scheduleService: 'scheduleService',
  isItLocked: 'isItLocked',
  isBackyardComboLock: 'isBackyardComboLock',
  isLineTrimBeds: 'isLineTrimBeds',
  isFlowerBedsDamage: 'isFlowerBedsDamage',
  isPetNoTrouble: 'isPetNoTrouble',
  disclaimerFencePlastic: 'disclaimerFencePlastic',
  disclaimerAboveGroundPool: 'disclaimerAboveGroundPool',
  disclaimerTrampoline: 'disclaimerTrampoline',
};

const ADDRESS_FIELDS: readonly string[] = ['address', 'city', 'zipcode', 'state'] satisfies (keyof AddressSet)[];

type AddressErrors = Partial<Record<keyof AddressSet, string>>;

/** A refused order's field errors, by the page that asks each field. */
export type LastStepErrors = {
  /** The customer-info page's fields (e-mail taken, a start date no longer open...). */
  customerInfo: Record<string, string>;
  /** The billing page's payment fields, by the payment form's names (a routing number refused by its checksum...). */
  payment: Record<string, string>;
  billing: AddressErrors;
  mailing: AddressErrors;
  /** What no page of the sign-up asks (the quote's zip or lot): shown with the refusal's message. */
  others: string[];
};

/**
 * Sorts the field errors of a refused sign-up (`order.email`, `email`, `order.payment.checkRoutingNumber`,
 * `payment.checkRoutingNumber`, `signUp.disclaimerTrampoline`...) by the page that holds each field, so each is shown
 * at its field, on its page.
 */
export function sortLastStepErrors(errors: Readonly<Record<string, string>>): LastStepErrors {
  const sorted: LastStepErrors = { customerInfo: {}, payment: {}, billing: {}, mailing: {}, others: [] };
  for (const [key, message] of Object.entries(errors)) {
    const path = key.replace(/^(order|signUp)\./, '').split('.');
    const [first = '', second = ''] = path;
    const infoField = path.length === 1 ? CUSTOMER_INFO_FIELDS[first] : undefined;
    if (infoField) sorted.customerInfo[infoField] ??= message;
    else if (first === 'payment' && second) sorted.payment[second] ??= message;
    else if ((first === 'billing' || first === 'mailing') && ADDRESS_FIELDS.includes(second)) {
      sorted[first][second as keyof AddressSet] ??= message;
    } else sorted.others.push(message);
  }
  return sorted;
}
