import {
  bbCrewCreateSchema,
  bbCrewUpdateSchema,
  crewMemberCreateSchema,
  crewMemberUpdateSchema,
  userCreateSchema,
  userUpdateSchema,
  type UserDetail,
} from '@lawn/shared';
import type { z } from 'zod';
import { checkedFormSchema, type FormCheck } from '../../lib/use-schema-form';

/** The three kinds of account the office manages, each on its own page. */
export type AccountKind = 'staff' | 'crew' | 'bb-crew';

/** The fields of the account form; each kind shows and sends its own. */
export type AccountFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: string;
  /** Digits as typed. */
  crewNumber: string;
  /** The chosen market's id, or '' while none is chosen. */
  serviceMarketId: number | '';
  status: number;
};

type Field = keyof AccountFormValues;

type KindRules = {
  /** The API's path of this kind's accounts. */
  path: string;
  /** What the form asks on create and on edit (the e-mail is shown but not sent on edit). */
  createFields: readonly Field[];
  editFields: readonly Field[];
  createSchema: z.ZodType<Record<string, unknown>>;
  updateSchema: z.ZodType<Record<string, unknown>>;
};

export const ACCOUNT_KINDS: Record<AccountKind, KindRules> = {
  staff: {
    path: '/users',
    createFields: ['firstName', 'lastName', 'email', 'password', 'role'],
    editFields: ['firstName', 'lastName', 'password', 'role', 'status'],
    createSchema: userCreateSchema,
    updateSchema: userUpdateSchema.omit({ version: true }),
  },
  crew: {
    path: '/crew-members',
    createFields: ['firstName', 'lastName', 'email', 'password', 'crewNumber'],
    editFields: ['firstName', 'lastName', 'password', 'crewNumber', 'status'],
    createSchema: crewMemberCreateSchema,
    updateSchema: crewMemberUpdateSchema.omit({ version: true }),
  },
  'bb-crew': {
    path: '/bb-crews',
    createFields: ['firstName', 'lastName', 'email', 'serviceMarketId'],
    editFields: ['firstName', 'lastName', 'serviceMarketId', 'status'],
    createSchema: bbCrewCreateSchema,
    updateSchema: bbCrewUpdateSchema.omit({ version: true }),
  },
};

/** Every field the server may name in its errors. */
export const ACCOUNT_FORM_FIELDS: readonly Field[] = [
  'firstName',
  'lastName',
  'email',
  'password',
  'role',
  'crewNumber',
  'serviceMarketId',
  'status',
];

export function accountFormValues(account: UserDetail | undefined): AccountFormValues {
  return {
    firstName: account?.firstName ?? '',
    lastName: account?.lastName ?? '',
    email: account?.email ?? '',
    password: '',
    role: account?.role ?? '',
    crewNumber: account?.crewNumber === null || account?.crewNumber === undefined ? '' : String(account.crewNumber),
    serviceMarketId: account?.serviceMarketId ?? '',
    status: account?.status ?? 1,
  };
}

/** A form value as the API takes it: numbers as numbers, and nothing at all for a field left empty. */
function sent(field: Field, values: AccountFormValues, isEdit: boolean): unknown {
  // An empty password on edit is dropped: the current one stays.
  if (field === 'password' && isEdit && values.password === '') return undefined;
  if (field === 'crewNumber') return values.crewNumber === '' ? undefined : Number(values.crewNumber);
  if (field === 'serviceMarketId' || field === 'role') return values[field] === '' ? undefined : values[field];
  return values[field];
}

/**
 * The form's schema for a kind and mode: the shared schema of the API call it makes, run on the fields that call
 * sends, so the browser answers the server's words.
 */
export function accountFormSchema(kind: AccountKind, isEdit: boolean) {
  const rules = ACCOUNT_KINDS[kind];
  const fields = isEdit ? rules.editFields : rules.createFields;
  const schema = isEdit ? rules.updateSchema : rules.createSchema;
  return checkedFormSchema<AccountFormValues, Record<string, unknown>>((values): FormCheck<Record<string, unknown>> => {
    const body = Object.fromEntries(fields.map((field) => [field, sent(field, values, isEdit)]));
    const result = schema.safeParse(body);
    if (result.success) return { data: result.data };
    const errors: Partial<Record<string, string>> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??= issue.message;
    }
    return { errors };
  });
}
