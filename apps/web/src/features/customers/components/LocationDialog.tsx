import {
  LOCATION_MESSAGES,
  locationCreateSchema,
  type CustomerDetail,
  type Location,
  type LocationCreate,
} from '@lawn/shared';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  findCustomerByAccount,
  useAddLocationMutation,
  useFreshLocation,
  useUpdateLocationMutation,
} from '../api/locations-api';

const FIELDS = ['streetAddress', 'accountNumber', 'zipCode'] as const;

const valuesOf = (location: Location | undefined): LocationCreate => ({
  streetAddress: location?.streetAddress ?? '',
  accountNumber: location?.accountNumber ?? '',
  zipCode: location?.zipCode ?? '',
});

/** A refusal because someone else changed the location meanwhile (a 409 that names no field). */
const isStale = (error: unknown) => error instanceof ApiError && error.status === 409;

type Verification = { state: 'idle' } | { state: 'checking' } | { state: 'found'; customer: CustomerDetail };

type LocationDialogProps = {
  customerId: number;
  /** The location to edit; without it the dialog adds one. */
  location?: Location;
  onClose: () => void;
  onSaved: () => void;
};

/**
 * Add or edit a location: street address, account number and zip code, all three needed. Verify
 * looks the account number up and names the customer it belongs to; the server checks it again on save. An edit is
 * saved from the version the dialog opened with; when someone else changed the location meanwhile, the dialog says so
 * and shows their values, to be edited again.
 */
export function LocationDialog({ customerId, location, onClose, onSaved }: LocationDialogProps) {
  const add = useAddLocationMutation(customerId);
  const update = useUpdateLocationMutation(customerId);
  const freshLocation = useFreshLocation(customerId);
  const [version, setVersion] = useState(location?.version);
  const [serverError, setServerError] = useState<string | null>(null);
  const [verification, setVerification] = useState<Verification>({ state: 'idle' });
  const form = useSchemaForm(locationCreateSchema, { defaultValues: valuesOf(location) });
  // "A field is missing" is told once, above the fields, rather than under each empty field.
  const isMissing = FIELDS.some((field) => form.formState.errors[field]?.message === LOCATION_MESSAGES.fillAll);

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

  /** Shows the location as someone else saved it, and takes its version for the next save. */
  const showTheirs = async () => {
    if (!location) return;
    const fresh = await freshLocation(location.id);
    if (!fresh) {
      setServerError(LOCATION_MESSAGES.notFound);
      return;
    }
    form.reset(valuesOf(fresh));
    setVersion(fresh.version);
    setVerification({ state: 'idle' });
  };

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      if (location && version !== undefined) await update.mutateAsync({ locationId: location.id, ...values, version });
      else await add.mutateAsync(values);
      onSaved();
    } catch (error) {
      if (applyFieldErrors(error, form.setError, FIELDS)) return;
      setServerError(errorMessage(error));
      if (isStale(error)) await showTheirs();
    }
  });

  const found = verification.state === 'found' ? verification.customer : null;
  return (
    <FormDialog
      isOpen
      title={location ? 'Edit location' : 'Add location'}
      error={isMissing ? LOCATION_MESSAGES.fillAll : serverError}
      submitLabel="Save"
      isPending={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      maxWidth="sm"
    >
      <FormTextField
        control={form.control}
        name="streetAddress"
        label="Street address"
        formWideMessage={LOCATION_MESSAGES.fillAll}
        autoFocus
        fullWidth
      />
      <FormTextField
        control={form.control}
        name="accountNumber"
        label="Account number"
        formWideMessage={LOCATION_MESSAGES.fillAll}
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
        formWideMessage={LOCATION_MESSAGES.fillAll}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 5, inputMode: 'numeric' } }}
      />
    </FormDialog>
  );
}
