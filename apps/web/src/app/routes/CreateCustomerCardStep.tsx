import {
  PAYMENT_MESSAGES,
  PAYMENT_OPTION,
  type AddressBlock,
  type ChargeAuthorizationValues,
  type IsoDate,
} from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId } from 'react';
import type { Control } from 'react-hook-form';
import { AddressBlockFields } from '../../features/new-customers/components/AddressBlockFields';
import type { NewCustomerWizardState } from '../../features/new-customers/use-new-customer-wizard';
import { CardFields } from '../../features/payments/components/CardFields';
import { ChargeAuthorizationField } from '../../features/payments/components/ChargeAuthorizationField';
import { ECheckFields } from '../../features/payments/components/ECheckFields';
import type { CardForm, ECheckForm, PaymentTab } from '../../features/payments/payment-forms';
import { errorMessage } from '../../lib/error-message';

type CreateCustomerCardStepProps = {
  wizard: NewCustomerWizardState;
  tab: PaymentTab;
  onTabChange: (tab: PaymentTab) => void;
  cardForm: CardForm;
  eCheckForm: ECheckForm;
  today: IsoDate;
  keyError: unknown;
  /** The customer's acceptance of the charges, ticked when they give it on the call, and the words accepted. */
  authorization: { control: Control<ChargeAuthorizationValues>; text: string };
};

/** The block's messages out of the wizard's errors, whose keys are `billing.zipcode` and so on. */
function blockErrors(errors: Record<string, string>, set: 'billing' | 'mailing') {
  const found: Partial<Record<keyof AddressBlock, string>> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (field.startsWith(`${set}.`)) found[field.slice(set.length + 1) as keyof AddressBlock] = message;
  }
  return found;
}

/**
 * Step 6, Card info: credit card (1) or e-check (2) with the customer's acceptance of the charges, then the billing
 * and mailing addresses.
 */
export function CreateCustomerCardStep(props: CreateCustomerCardStepProps) {
  const { wizard, tab } = props;
  const tabsId = useId();
  const paymentError = Object.entries(wizard.errors).find(([field]) => field.startsWith('payment'))?.[1];
  return (
    <Stack spacing={3}>
      {props.keyError !== null && <Alert severity="error">{errorMessage(props.keyError)}</Alert>}
      {paymentError && <Alert severity="error">{paymentError}</Alert>}
      <Tabs
        value={tab}
        onChange={(_event, value: PaymentTab) => props.onTabChange(value)}
        aria-label="Payment method"
        variant="fullWidth"
      >
        <Tab
          label="Credit/Debit Card"
          value={PAYMENT_OPTION.card}
          id={`${tabsId}-card`}
          aria-controls={`${tabsId}-panel`}
        />
        <Tab label="E-Check" value={PAYMENT_OPTION.eCheck} id={`${tabsId}-e-check`} aria-controls={`${tabsId}-panel`} />
      </Tabs>
      <Stack
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={tab === PAYMENT_OPTION.card ? `${tabsId}-card` : `${tabsId}-e-check`}
        spacing={2}
      >
        {tab === PAYMENT_OPTION.card ? (
          <CardFields form={props.cardForm} today={props.today} isDisabled={wizard.isSaving} />
        ) : (
          <>
            <Alert severity="success" variant="outlined">
              {PAYMENT_MESSAGES.eCheckFifthMowFree}
            </Alert>
            <ECheckFields form={props.eCheckForm} isDisabled={wizard.isSaving} />
          </>
        )}
        <ChargeAuthorizationField
          control={props.authorization.control}
          text={props.authorization.text}
          audience="office"
          isDisabled={wizard.isSaving}
        />
      </Stack>
      {(['billing', 'mailing'] as const).map((set) => (
        <AddressBlockFields
          key={set}
          title={set === 'billing' ? 'Billing' : 'Mailing'}
          value={wizard.values[set]}
          onChange={(value) => wizard.change({ [set]: value })}
          errors={blockErrors(wizard.errors, set)}
        />
      ))}
    </Stack>
  );
}
