import {
  calendarDateIn,
  cardFormSchema,
  chargeAuthorizationFormSchema,
  chargeAuthorizationText,
  describePaymentMethod,
  eCheckFormSchema,
  identityCheckSchema,
  PAYMENT_MESSAGES,
  PAYMENT_OPTION,
  type PaymentProperty,
} from '@lawn/shared';
import { ArrowBackIcon as ArrowBack } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { MessageDialog } from '../../../components/MessageDialog';
import { SubmitButton } from '../../../components/PendingButton';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  cardDefaults,
  eCheckDefaults,
  identityCheckDefaults,
  initialTab,
  type CardValues,
  type ChangeExtras,
  type ECheckValues,
  type PaymentTab,
} from '../payment-forms';
import { CardFields } from './CardFields';
import { ChargeAuthorizationField } from './ChargeAuthorizationField';
import { ECheckFields } from './ECheckFields';
import { IdentityCheckFields } from './IdentityCheckFields';

const IDENTITY_FIELDS = ['serviceZipCode', 'phoneLastFour'] as const;

type PaymentMethodFormProps = {
  property: PaymentProperty;
  /** Who fills it in: a customer must accept the charges; the office records an acceptance the customer gave. */
  audience: 'customer' | 'office';
  /** Whether the change must carry the identity check (a customer who came through a look-up). */
  identityCheck: boolean;
  isSaving: boolean;
  /** The refusal to show in the 'Error' dialog, or null. */
  error: string | null;
  /** The refusal's per-field messages; those of the identity check are shown beside its fields too. */
  fieldErrors: Record<string, string>;
  onDismissError: () => void;
  onSaveCard: (values: CardValues, extras: ChangeExtras) => void;
  onSaveECheck: (values: ECheckValues, extras: ChangeExtras) => void;
  onBack: () => void;
};

/**
 * The payment form of one property: tabs Credit/Debit Card and E-Check, a back arrow, SUBMIT, the billing
 * notice, and the 'Error' dialog with the server's message when the change is refused. After a look-up it also asks
 * for the identity check (service zip code and the phone's last four digits), whichever tab is open. Above SUBMIT it
 * says what will be charged and when, with the box that accepts it (required of a customer).
 */
export function PaymentMethodForm(props: PaymentMethodFormProps) {
  const { property, identityCheck, isSaving, error, fieldErrors } = props;
  const [tab, setTab] = useState<PaymentTab>(() => initialTab(property));
  // Fixed while the form is open, so the years offered do not change at midnight.
  const [today] = useState(() => calendarDateIn(new Date()));
  const cardForm = useSchemaForm(cardFormSchema(today), { defaultValues: cardDefaults(property) });
  const eCheckForm = useSchemaForm(eCheckFormSchema, { defaultValues: eCheckDefaults(property) });
  const identityForm = useSchemaForm(identityCheckSchema, { defaultValues: identityCheckDefaults });
  const authorizationForm = useSchemaForm(chargeAuthorizationFormSchema(props.audience === 'customer'), {
    defaultValues: { authorizationAccepted: false },
    // Checked as the box changes: its message goes as soon as the customer ticks it.
    mode: 'onChange',
  });
  const tabsId = useId();
  const authorizationText = chargeAuthorizationText(
    tab === PAYMENT_OPTION.eCheck ? 'eCheck' : 'card',
    property.chargeTerms,
  );

  // A refused identity check is named beside its fields as well as in the dialog.
  useEffect(() => {
    for (const field of IDENTITY_FIELDS) {
      const message = fieldErrors[field];
      if (message) identityForm.setError(field, { type: 'server', message });
    }
  }, [fieldErrors, identityForm]);

  /** Both parts are checked at once, so every missing answer shows on the first SUBMIT. */
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const isIdentityValid = !identityCheck || (await identityForm.trigger());
    const isAuthorizationValid = await authorizationForm.trigger();
    const isValid = isIdentityValid && isAuthorizationValid;
    const extras: ChangeExtras = {
      identity: identityCheck ? identityForm.getValues() : null,
      authorizationAccepted: authorizationForm.getValues().authorizationAccepted,
    };
    const save =
      tab === PAYMENT_OPTION.card
        ? cardForm.handleSubmit((values) => {
            if (isValid) props.onSaveCard(values, extras);
          })
        : eCheckForm.handleSubmit((values) => {
            if (isValid) props.onSaveECheck(values, extras);
          });
    await save();
  }

  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <IconButton aria-label="Back to the payment list" onClick={props.onBack} edge="start">
            <ArrowBack />
          </IconButton>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {property.streetAddress}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Account {property.accountNumber} · Now: {describePaymentMethod(property.paymentMethod)}
            </Typography>
          </Box>
        </Stack>
        <Tabs
          value={tab}
          onChange={(_event, value: PaymentTab) => setTab(value)}
          aria-label="Payment method"
          variant="fullWidth"
          sx={{ mb: 2 }}
        >
          <Tab
            label="Credit/Debit Card"
            value={PAYMENT_OPTION.card}
            id={`${tabsId}-card`}
            aria-controls={`${tabsId}-panel`}
          />
          <Tab
            label="E-Check"
            value={PAYMENT_OPTION.eCheck}
            id={`${tabsId}-e-check`}
            aria-controls={`${tabsId}-panel`}
          />
        </Tabs>
        <Box
          component="form"
          id={`${tabsId}-panel`}
          role="tabpanel"
          aria-labelledby={tab === PAYMENT_OPTION.card ? `${tabsId}-card` : `${tabsId}-e-check`}
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <Stack spacing={2}>
            {tab === PAYMENT_OPTION.card ? (
              <CardFields form={cardForm} today={today} isDisabled={isSaving} />
            ) : (
              <>
                <Alert severity="success" variant="outlined">
                  {PAYMENT_MESSAGES.eCheckFifthMowFree}
                </Alert>
                <ECheckFields form={eCheckForm} isDisabled={isSaving} />
              </>
            )}
            {identityCheck && <IdentityCheckFields form={identityForm} isDisabled={isSaving} />}
            <ChargeAuthorizationField
              control={authorizationForm.control}
              text={authorizationText}
              audience={props.audience}
              isDisabled={isSaving}
            />
            <Typography variant="body2" color="text.secondary">
              {PAYMENT_MESSAGES.billedNextBusinessDay}
            </Typography>
            <Box>
              <SubmitButton isPending={isSaving}>Submit</SubmitButton>
            </Box>
          </Stack>
        </Box>
      </CardContent>
      <MessageDialog
        isOpen={error !== null}
        title={PAYMENT_MESSAGES.errorTitle}
        message={error ?? ''}
        onClose={props.onDismissError}
      />
    </Card>
  );
}
