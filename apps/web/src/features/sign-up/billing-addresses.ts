import { signUpAddressSchema } from '@lawn/shared';
import type { AddressSet, SignUpState } from './sign-up-state';

type AddressErrors = Partial<Record<keyof AddressSet, string>>;

function errorsOf(set: AddressSet): AddressErrors {
  const result = signUpAddressSchema.safeParse(set);
  const errors: AddressErrors = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path[0] as keyof AddressSet] ??= issue.message;
  return errors;
}

/** The billing and mailing addresses' problems by field (a copy of the service address is checked the same way). */
export function addressErrors(state: Pick<SignUpState, 'billing' | 'mailing'>) {
  return { billing: errorsOf(state.billing), mailing: errorsOf(state.mailing) };
}
