import Stack from '@mui/material/Stack';
import { FormTextField } from '../../../components/FormTextField';
import type { ECheckForm } from '../payment-forms';

const numeric = { htmlInput: { inputMode: 'numeric' as const } };

/** The e-check tab (checking accounts): name on account, routing number, the account number typed twice. */
export function ECheckFields({ form, isDisabled }: { form: ECheckForm; isDisabled: boolean }) {
  const { control } = form;
  return (
    <Stack spacing={2}>
      <FormTextField
        control={control}
        name="checkNameOnAccount"
        label="Name on account"
        autoComplete="name"
        disabled={isDisabled}
        fullWidth
      />
      <FormTextField
        control={control}
        name="checkRoutingNumber"
        label="Routing number"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
        autoComplete="off"
        disabled={isDisabled}
        fullWidth
      />
      <FormTextField
        control={control}
        name="checkAccountNumber"
        label="Account number"
        slotProps={numeric}
        autoComplete="off"
        disabled={isDisabled}
        fullWidth
      />
      <FormTextField
        control={control}
        name="checkAccountNumberVerify"
        label="Verify account number"
        slotProps={numeric}
        autoComplete="off"
        disabled={isDisabled}
        fullWidth
      />
    </Stack>
  );
}
