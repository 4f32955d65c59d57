import { calculatePrice, tierOfOption, type Frequency, type PriceBreakdown } from '@lawn/shared';
import type { NewCustomerWizardState } from './use-new-customer-wizard';

/** The price the wizard's answers come to (lot tier, frequency, areas, the zone's tax), or null until all are given. */
export function wizardPrice({
  tiers,
  values,
}: Pick<NewCustomerWizardState, 'tiers' | 'values'>): PriceBreakdown | null {
  const tier = tiers.find((option) => option.id === values.businesslogicId);
  if (!tier || values.srvFrecuency === '' || values.address.taxRate === null) return null;
  return calculatePrice({
    tier: tierOfOption(tier),
    frequency: values.srvFrecuency as Frequency,
    mowCut: values.mowCut,
    taxRate: values.address.taxRate,
  });
}
