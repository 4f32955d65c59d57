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
