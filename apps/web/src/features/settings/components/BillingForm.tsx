import { billingFormSchema, type SettingsValues } from '@lawn/shared';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { Controller } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField';
import { SubmitButton } from '../../../components/PendingButton';
import { YES_NO_BOOLEAN, YesNoField } from '../../../components/YesNoField';
import { useSchemaForm } from '../../../lib/use-schema-form';

type BillingValues = Pick<SettingsValues, 'billingCharges' | 'billingRetryDays' | 'priceChangeEmails'>;
type Props = { values: BillingValues; isPending: boolean; onSave: (values: BillingValues) => void };

/**
 * What the daily billing charges, the days between a declined charge and each retry, and whether customers are
 * e-mailed their new price when a bulk price update changes it.
 */
export function BillingForm({ values, isPending, onSave }: Props) {
  const form = useSchemaForm(billingFormSchema, {
    defaultValues: {
      billingCharges: values.billingCharges,
      billingRetryDays: values.billingRetryDays.join(','),
      priceChangeEmails: values.priceChangeEmails,
    },
  });
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void form.handleSubmit(onSave)(event)}>
      <FormTextField control={form.control} name="billingCharges" label="Daily billing charges" select fullWidth>
        <MenuItem value="check-out">Visits the crew checked out of</MenuItem>
        <MenuItem value="schedule">Every scheduled mow, the next business day</MenuItem>
      </FormTextField>
      <FormTextField
        control={form.control}
        name="billingRetryDays"
        label="Retry schedule (days)"
        helperText="Days between a declined charge and each retry, e.g. 3,5,7"
        fullWidth
      />
      <Controller
        control={form.control}
        name="priceChangeEmails"
        render={({ field, fieldState }) => (
          <YesNoField
            label="E-mail customers their new price after a bulk price update"
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            choices={YES_NO_BOOLEAN}
          />
        )}
      />
      <div>
        <SubmitButton isPending={isPending}>Save billing</SubmitButton>
      </div>
    </Stack>
  );
}
