import { signUpCustomerInfoSchema, type IsoDate } from '@lawn/shared';
import type { SignUpState } from './sign-up-state';

/** The customer-info page's fields of the state, flat, as the shared schema reads them. */
export function customerInfoOf(state: SignUpState) {
  return {
    firstName: state.firstName,
    lastName: state.lastName,
    contactNumber: state.contactNumber,
    isCellphone: state.isCellphone,
    email: state.email,
    scheduleService: state.scheduleService,
    serviceDate: state.serviceDate,
    ...state.answers,
    specialReq: state.specialReq,
    about: state.about,
    aboutOption: state.aboutOption,
  };
}

/** The first message of each failing field (empty when the page may proceed). */
export function customerInfoErrors(state: SignUpState, today: IsoDate): Record<string, string> {
  const result = signUpCustomerInfoSchema(today).safeParse(customerInfoOf(state));
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** A phone number as typed, in the mask +1 (###) ###-####; a leading 1 is the country code. */
export function formatPhoneInput(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  if (digits.length > 10 && digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return '';
  const area = digits.slice(0, 3);
  const prefix = digits.slice(3, 6);
  const line = digits.slice(6);
  let text = `+1 (${area}`;
  if (digits.length >= 3) text += ')';
  if (prefix) text += ` ${prefix}`;
  if (line) text += `-${line}`;
  return text;
}
