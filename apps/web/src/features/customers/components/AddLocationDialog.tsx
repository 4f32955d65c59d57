import { LOCATION_MESSAGES, locationCreateSchema, type CustomerDetail, type LocationCreate } from '@lawn/shared';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { findCustomerByAccount, useAddLocationMutation } from '../api/locations-api';

const FIELDS = ['streetAddress', 'accountNumber', 'zipCode'] as const;
/** A field left empty: the one message for all three is shown once, above the fields. */
const MISSING = 'missing';

/**
 * The shared location rules, with "a field is missing" told once for the form ('Fill in the 3 fields to assign a
 * location') rather than under each empty field.
 */
const locationResolver: Resolver<LocationCreate> = (values) => {
  const parsed = locationCreateSchema.safeParse(values);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<LocationCreate> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof LocationCreate;
    if (errors[field]) continue;
    errors[field] =
      issue.message === LOCATION_MESSAGES.fillAll
        ? { type: MISSING, message: '' }
        : { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};

type Verification = { state: 'idle' } | { state: 'checking' } | { state: 'found'; customer: CustomerDetail };

type AddLocationDialogProps = { customerId: number; onClose: () => void; onAdded: () => void };

/**
 * Add locations (spec 2 §2.2 and §5): street address, account number and zip code, all three needed. Verify looks
 * the account number up and names the customer it belongs to; the server checks it again on save.
 */
export function AddLocationDialog({ customerId, onClose, onAdded }: AddLocationDialogProps) {
  const add = useAddLocationMutation(customerId);
  const [serverError, setServerError] = useState<string | null>(null);
  const [verification, setVerification] = useState<Verification>({ state: 'idle' });
  const form = useForm<LocationCreate>({
    resolver: locationResolver,
    defaultValues: { streetAddress: '', accountNumber: '', zipCode: '' },
  });
  const isMissing = Object.values(form.formState.errors).some((error) => error?.type === MISSING);

  const verify = async () => {
    const account = form.getValues('accountNumber').trim();
    if (!(await form.trigger('accountNumber')) || account === '') return;
    setVerification({ state: 'checking' });
    try {
      const customer = await findCustomerByAccount(account);
      if (customer) setVerification({ state: 'found', customer });
      else {
        setVerification({ state: 'idle' });
        form.setError('accountNumber', { type: 'server', message: LOCATION_MESSAGES.accountNotFound });
      }
    } catch (error) {
      setVerification({ state: 'idle' });
      setServerError(errorMessage(error));
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await add.mutateAsync(values);
      onAdded();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) setServerError(errorMessage(error));
    }
  });

  const found = verification.state === 'found' ? verification.customer : null;
  return (
    <FormDialog
      isOpen
      title="Add location"
      error={isMissing ? LOCATION_MESSAGES.fillAll : serverError}
      submitLabel="Save"
      isPending={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      maxWidth="sm"
    >
      <FormTextField control={form.control} name="streetAddress" label="Street address" autoFocus fullWidth />
      <FormTextField
        control={form.control}
        name="accountNumber"
        label="Account number"
        fullWidth
        helperText={found ? `Verified: ${found.fullName}, ${found.serviceAddress}` : undefined}
        onKeyUp={() => verification.state === 'found' && setVerification({ state: 'idle' })}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Button size="small" onClick={() => void verify()} disabled={verification.state === 'checking'}>
                  Verify
                </Button>
              </InputAdornment>
            ),
          },
        }}
      />
      <FormTextField
        control={form.control}
        name="zipCode"
        label="Zip code"
        fullWidth
        slotProps={{ htmlInput: { maxLength: 5, inputMode: 'numeric' } }}
      />
    </FormDialog>
  );
}
