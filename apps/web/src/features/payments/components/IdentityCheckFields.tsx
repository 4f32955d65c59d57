import type { IdentityCheck } from '@lawn/shared';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseFormReturn } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField';

/**
 * The identity check of a change made after a phone or account-number look-up: the service address's zip code and the
 * last four digits of the phone on file, which the customer knows and someone who only has the account number does not.
 */
export function IdentityCheckFields({ form, isDisabled }: { form: UseFormReturn<IdentityCheck>; isDisabled: boolean }) {
  const { control } = form;
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography variant="subtitle1" component="legend" sx={{ fontWeight: 600, p: 0 }}>
        Confirm it is you
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Before the payment method changes, tell us the zip code of the service address and the last four digits of the
        phone number on your account.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="serviceZipCode"
          label="Service zip code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          autoComplete="postal-code"
          disabled={isDisabled}
          fullWidth
        />
        <FormTextField
          control={control}
          name="phoneLastFour"
          label="Last four digits of your phone"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          autoComplete="off"
          disabled={isDisabled}
          fullWidth
        />
      </Stack>
    </Stack>
  );
}
