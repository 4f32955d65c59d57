import {
  HOW_HEARD,
  marketingFieldsSchema,
  shownMarketingWeek,
  weekNumberSchema,
  type CustomerDetail,
  type HowHeard,
  type PickListOption,
  type RecordField,
} from '@lawn/shared';
import type { z } from 'zod';
import type { HowHeardChoices } from '../../components/HowHeardFields';

/** The Marketing tab's fields as the tab holds them: what each shows, '' for none. */
export type MarketingValues = {
  about: HowHeard | '';
  aboutOption: string;
  sendSchedule: string;
  futureCancel: string;
  referralCode: string;
  csr: string;
  optReviews: number[];
};
export type MarketingField = keyof MarketingValues & RecordField;

export function marketingValuesOf(customer: CustomerDetail): MarketingValues {
  return {
    about: customer.about === null ? '' : (customer.about as HowHeard),
    aboutOption: customer.aboutOption ?? '',
    sendSchedule: shownMarketingWeek(customer.sendSchedule),
    futureCancel: shownMarketingWeek(customer.futureCancel),
    referralCode: customer.referralCode ?? '',
    csr: customer.csr === null ? '' : String(customer.csr),
    optReviews: customer.optReviews,
  };
}

const weekOf = (text: string) => (text.trim() === '' ? null : Number(text));
const textOf = (text: string) => (text.trim() === '' ? null : text);

/** Each field as it goes into a save, checked by the shared rule the API applies. */
const RULES: Record<MarketingField, (values: MarketingValues) => { value: unknown; rule: z.ZodType }> = {
  about: (values) => ({ value: values.about === '' ? null : values.about, rule: marketingFieldsSchema.about }),
  aboutOption: (values) => ({ value: textOf(values.aboutOption), rule: marketingFieldsSchema.aboutOption }),
  sendSchedule: (values) => ({ value: weekOf(values.sendSchedule), rule: weekNumberSchema.nullable() }),
  futureCancel: (values) => ({ value: weekOf(values.futureCancel), rule: weekNumberSchema.nullable() }),
  referralCode: (values) => ({ value: textOf(values.referralCode), rule: marketingFieldsSchema.referralCode }),
  csr: (values) => ({ value: values.csr === '' ? null : Number(values.csr), rule: marketingFieldsSchema.csr }),
  optReviews: (values) => ({ value: values.optReviews, rule: marketingFieldsSchema.optReviews }),
};

/** One field's save, or the message of the first rule its value breaks. */
export function marketingPatch(
  field: MarketingField,
  values: MarketingValues,
): { patch: Record<string, unknown> } | { error: string } {
  const { value, rule } = RULES[field](values);
  const parsed = rule.safeParse(value);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Not valid' };
  return { patch: { [field]: value } };
}

/**
 * The how-heard choices from the pick lists: the sources in their order and each source's options, with the record's
 * own source and option kept even while the lists load (or when they no longer have them).
 */
export function howHeardChoices(
  sources: readonly PickListOption[],
  options: readonly PickListOption[],
  current: Pick<MarketingValues, 'about' | 'aboutOption'>,
): HowHeardChoices {
  const loaded = sources.flatMap((source) =>
    source.code === null ? [] : [{ code: source.code as HowHeard, name: source.name }],
  );
  const hasCurrent = current.about === '' || loaded.some((source) => source.code === current.about);
  return {
    sources: hasCurrent
      ? loaded
      : [{ code: current.about as HowHeard, name: HOW_HEARD[current.about as HowHeard] }, ...loaded],
    optionsOf: (code) => {
      const names = options.filter((option) => option.groupId === code).map((option) => option.name);
      const own = code === current.about && current.aboutOption !== '' && !names.includes(current.aboutOption);
      return own ? [current.aboutOption, ...names] : names;
    },
  };
}
