import {
  APP_PATHS,
  calendarDateIn,
  CARD_EXPIRY_YEAR_COUNT,
  chargeAuthorizationFormSchema,
  chargeAuthorizationText,
  PAYMENT_MESSAGES,
  PAYMENT_OPTION,
  SIGN_UP_MESSAGES as M,
  signUpCardFormSchema,
  signUpECheckFormSchema,
} from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { CardFields } from '../../features/payments/components/CardFields';
import { ChargeAuthorizationField } from '../../features/payments/components/ChargeAuthorizationField';
import { ECheckFields } from '../../features/payments/components/ECheckFields';
import { EMPTY_CARD, EMPTY_E_CHECK, type PaymentTab } from '../../features/payments/payment-forms';
import { useLotSizesQuery } from '../../features/sign-up/api/sign-up-api';
import { AddressSetFields } from '../../features/sign-up/components/AddressSetFields';
import { addressErrors } from '../../features/sign-up/billing-addresses';
import { quotePrice } from '../../features/sign-up/quote-price';
import { updateSignUp, useSignUpState } from '../../features/sign-up/sign-up-state';
import { usePublicSettingsQuery } from '../../lib/public-settings';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSignUpSubmit, type BillingRefusal } from './use-sign-up-submit';

/** Puts the server's refusal of a payment field at that field of the tab that was sent, focusing the first. */
function showRefusedFields<Values extends FieldValues>(form: UseFormReturn<Values>, refused: Record<string, string>) {
  const fields = Object.keys(form.getValues());
  let isShown = false;
  for (const [field, message] of Object.entries(refused)) {
    if (!fields.includes(field)) continue;
    form.setError(field as FieldPath<Values>, { type: 'server', message }, { shouldFocus: !isShown });
    isShown = true;
  }
}

const NO_ADDRESS_REFUSAL: Pick<BillingRefusal, 'billing' | 'mailing'> = { billing: {}, mailing: {} };

/**
 * Sign-up billing (/web/sign-up-process-billing): the billing and mailing addresses, and a card or an e-check (5th mow
 * free) through the payment fields of the payment pages, and the customer's acceptance of the charges (the quote's
 * price with tax, when it is charged). The numbers are encrypted in the page and sent only with the order; a decline
 * shows the gateway's message here.
 */
export function SignUpBillingPage() {
  const state = useSignUpState();
  const today = useMemo(() => calendarDateIn(new Date()), []);
  const [tab, setTab] = useState<PaymentTab>(PAYMENT_OPTION.card);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const cardForm = useSchemaForm(signUpCardFormSchema, { defaultValues: EMPTY_CARD, mode: 'onChange' });
  const eCheckForm = useSchemaForm(signUpECheckFormSchema, { defaultValues: EMPTY_E_CHECK });
  const authorizationForm = useSchemaForm(chargeAuthorizationFormSchema(true), {
    defaultValues: { authorizationAccepted: false },
    // Checked as the box changes: its message goes as soon as the customer ticks it.
    mode: 'onChange',
  });
  const lotSizes = useLotSizesQuery(state.marketId);
  const billingCharges = usePublicSettingsQuery().data?.billingCharges ?? null;
  // The address fields the server refused, shown until the page is sent again.
  const [addressRefusal, setAddressRefusal] = useState(NO_ADDRESS_REFUSAL);
  const { submit, isSending, declineMessage } = useSignUpSubmit((refusal) => {
    setAddressRefusal({ billing: refusal.billing, mailing: refusal.mailing });
    if (tab === PAYMENT_OPTION.card) showRefusedFields(cardForm, refusal.payment);
    else showRefusedFields(eCheckForm, refusal.payment);
  });

  if (!state.lotSize || !state.firstName) {
    return (
      <Alert severity="info" action={<Button href={APP_PATHS.quote}>Get a quote</Button>}>
        {M.nothingToShow}
      </Alert>
    );
  }

  const checked = isSubmitted ? addressErrors(state) : NO_ADDRESS_REFUSAL;
  const errors = {
    billing: { ...addressRefusal.billing, ...checked.billing },
    mailing: { ...addressRefusal.mailing, ...checked.mailing },
  };
  const areAddressesValid = () =>
    Object.keys(addressErrors(state).billing).length + Object.keys(addressErrors(state).mailing).length === 0;
  const pricePerMow = quotePrice(state, lotSizes.data ?? [])?.total ?? null;
  const onSubmit = async () => {
    setIsSubmitted(true);
    setAddressRefusal(NO_ADDRESS_REFUSAL);
    const isAccepted = await authorizationForm.trigger();
    const ready = () => isAccepted && areAddressesValid();
    const accepted = { authorizationAccepted: true } as const;
    const send =
      tab === PAYMENT_OPTION.card
        ? cardForm.handleSubmit((values) => ready() && submit(state, { kind: 'card', values, ...accepted }))
        : eCheckForm.handleSubmit((values) => ready() && submit(state, { kind: 'eCheck', values, ...accepted }));
    await send();
  };

  return (
    <Paper sx={{ p: 3 }}>
      <Stack
        spacing={3}
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <Typography component="h1" variant="h4">
          {M.billingTitle}
        </Typography>
        <Alert severity="info">{M.securityNote}</Alert>
        <AddressSetFields
          title="Billing address"
          value={state.billing}
          service={state}
          onChange={(billing) => updateSignUp({ billing })}
          errors={errors.billing}
        />
        <AddressSetFields
          title="Mailing address"
          value={state.mailing}
          service={state}
          onChange={(mailing) => updateSignUp({ mailing })}
          errors={errors.mailing}
        />
        <Typography component="h2" variant="h6">
          Payment
        </Typography>
        <Tabs value={tab} onChange={(_event, value: PaymentTab) => setTab(value)} aria-label="Payment method">
          <Tab label="Credit/Debit Card" value={PAYMENT_OPTION.card} />
          <Tab label="E-Check (5th Mow Free)" value={PAYMENT_OPTION.eCheck} />
        </Tabs>
        {tab === PAYMENT_OPTION.card ? (
          <CardFields form={cardForm} today={today} isDisabled={isSending} yearCount={CARD_EXPIRY_YEAR_COUNT.signUp} />
        ) : (
          <>
            <Typography>Checking accounts only. {PAYMENT_MESSAGES.eCheckFifthMowFree}</Typography>
            <ECheckFields form={eCheckForm} isDisabled={isSending} />
          </>
        )}
        <Typography variant="body2">{PAYMENT_MESSAGES.billedNextBusinessDay}</Typography>
        <ChargeAuthorizationField
          control={authorizationForm.control}
          text={chargeAuthorizationText(tab === PAYMENT_OPTION.eCheck ? 'eCheck' : 'card', {
            pricePerMow,
            billingCharges,
          })}
          audience="customer"
          isDisabled={isSending}
        />
        {declineMessage && <Alert severity="error">{declineMessage}</Alert>}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" size="large" loading={isSending}>
            Submit
          </Button>
          <Button component={RouterLink} to={APP_PATHS.signUp} size="large" disabled={isSending}>
            Back
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
