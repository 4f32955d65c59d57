import { ZIP_PATTERN } from '../customers/customer.schema';
import type { IsoDate } from '../schedule/calendar-date';
import { isBusinessDay } from '../schedule/holidays';
import { NOTE_MAX_DATE } from '../notes/note.constants';
import {
  HOW_HEARD_OPTIONS,
  LIABILITY_QUESTION_KEYS,
  NEW_CUSTOMER_MESSAGES,
  type HowHeard,
  type LiabilityQuestion,
} from './new-customer.constants';

/**
 * Why a start date cannot be chosen, or undefined when it can: not before `earliest` ('Date cannot be in the past'
 * when earliest is today), not on a weekend or a holiday (crews do not mow then), not after 12/31/2050.
 */
export function startDateProblem(date: IsoDate, earliest: IsoDate): string | undefined {
  if (date < earliest) return NEW_CUSTOMER_MESSAGES.dateInPast;
  if (date > NOTE_MAX_DATE) return NEW_CUSTOMER_MESSAGES.dateBeyondMax;
  if (!isBusinessDay(date)) return NEW_CUSTOMER_MESSAGES.dateNotBusinessDay;
  return undefined;
}

/**
 * The liability questions answered Yes (`true`) whose release is not among the accepted ones: each Yes needs its own
 * release, for the customer assumes liability for damage to that item and no other.
 */
export const unreleasedItems = (
  answers: Partial<Record<LiabilityQuestion, unknown>>,
  released: readonly unknown[],
): LiabilityQuestion[] =>
  LIABILITY_QUESTION_KEYS.filter((question) => answers[question] === true && !released.includes(question));

/** Whether a sub-option fits the how-heard choice: one of its listed options, or none when it lists none. */
export function isHowHeardOptionValid(about: number, option: string): boolean {
  const options = HOW_HEARD_OPTIONS[about as HowHeard];
  if (!options) return option === '';
  return option === '' || options.includes(option);
}

/** A billing or mailing address set as the forms send it. */
export type AddressBlock = {
  isSameAsService: boolean;
  name: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  poBox: string;
  poBoxCity: string;
  poBoxState: string;
  poBoxZipcode: string;
};

const STATE_CODE = /^[A-Z]{2}$/;

/**
 * The rules of a billing or mailing address set (card info): 'Same as service' or a PO box or a full address.
 * With a PO box, its city, state and zip are required; without one and not the same as the service address, the name,
 * address, city, state and a 5-digit zip are. Answers the problems by field.
 */
export function addressBlockProblems(block: AddressBlock): Partial<Record<keyof AddressBlock, string>> {
  const problems: Partial<Record<keyof AddressBlock, string>> = {};
  const zip = (field: 'zipcode' | 'poBoxZipcode') => {
    if (block[field] === '') problems[field] = NEW_CUSTOMER_MESSAGES.zipRequired;
    else if (!ZIP_PATTERN.test(block[field])) problems[field] = NEW_CUSTOMER_MESSAGES.zipInvalid;
  };
  const state = (field: 'state' | 'poBoxState') => {
    if (block[field] === '') problems[field] = NEW_CUSTOMER_MESSAGES.stateRequired;
    else if (!STATE_CODE.test(block[field])) problems[field] = NEW_CUSTOMER_MESSAGES.stateInvalid;
  };
  if (block.poBox !== '') {
    if (block.poBoxCity === '') problems.poBoxCity = NEW_CUSTOMER_MESSAGES.cityRequired;
    state('poBoxState');
    zip('poBoxZipcode');
    return problems;
  }
  if (block.isSameAsService) return problems;
  const isBlank = [block.name, block.address, block.city, block.state, block.zipcode].every((value) => value === '');
  if (isBlank) return { isSameAsService: NEW_CUSTOMER_MESSAGES.sameAsServiceRequired };
  if (block.name === '') problems.name = NEW_CUSTOMER_MESSAGES.nameRequired;
  if (block.address === '') problems.address = NEW_CUSTOMER_MESSAGES.addressRequired;
  if (block.city === '') problems.city = NEW_CUSTOMER_MESSAGES.cityRequired;
  state('state');
  zip('zipcode');
  return problems;
}
