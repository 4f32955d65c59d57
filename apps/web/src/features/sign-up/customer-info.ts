import { signUpCustomerInfoSchema, type IsoDate } from '@lawn/shared';
import { checkedFormSchema } from '../../lib/use-schema-form';
import type { SignUpState } from './sign-up-state';

/** The fields of the customer-info page, as the sign-up state keeps them. */
const CUSTOMER_INFO_FIELDS = [
  'firstName',
  'lastName',
  'contactNumber',
  'isCellphone',
  'email',
  'scheduleService',
  'serviceDate',
  'answers',
  'specialReq',
  'about',
  'aboutOption',
] as const;

export type CustomerInfoValues = Pick<SignUpState, (typeof CUSTOMER_INFO_FIELDS)[number]>;

/** The page's values out of the sign-up state (what the form starts from). */
export function customerInfoValuesOf(state: SignUpState): CustomerInfoValues {
  return Object.fromEntries(CUSTOMER_INFO_FIELDS.map((field) => [field, state[field]])) as CustomerInfoValues;
}

/** The customer-info page's fields, flat, as the shared schema reads them. */
function customerInfoOf(values: CustomerInfoValues) {
  const { answers, ...rest } = values;
  return { ...rest, ...answers };
}

/**
 * The page form's schema: the shared customer-info schema (the one the public creation route checks) on the page's
 * values, whose property answers it reads flat; each message lands at its field's name (`isCommunityGate`).
 */
export function customerInfoFormSchema(today: IsoDate) {
  const schema = signUpCustomerInfoSchema(today);
  return checkedFormSchema<CustomerInfoValues>((values) => {
    const result = schema.safeParse(customerInfoOf(values));
    if (result.success) return { data: values };
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { errors };
  });
}
