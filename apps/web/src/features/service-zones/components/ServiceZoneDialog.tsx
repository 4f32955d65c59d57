import { EXCEPTIONS_MAX, type Market, type ServiceZone } from '@lawn/shared';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { useNotifyError } from '../../../components/notifier-context';
import { useOpeningCount } from '../../../components/use-opening-count';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import {
  useCreateServiceZoneMutation,
  useStatesQuery,
  useUpdateServiceZoneMutation,
  useZipCheck,
} from '../api/service-zones-api';
import { serviceZoneFormDefaults, serviceZoneFormSchema } from '../service-zone-form';
import { useSchemaForm } from '../../../lib/use-schema-form';

type ServiceZoneDialogProps = {
  isOpen: boolean;
  /** The zone to change, or null to add one. */
  zone: ServiceZone | null;
  /** The market on screen, which a new zone belongs to unless the person picks another. */
  marketId: number;
  markets: readonly Market[];
  onClose: () => void;
  /** Called with the server's notice ('Service Zone Successfully Added' or 'Edited'). */
  onSaved: (message: string) => void;
};

const FIELDS = ['marketId', 'zipcode', 'exceptions', 'city', 'state'] as const;

function ServiceZoneForm({ isOpen, zone, marketId, markets, onClose, onSaved }: ServiceZoneDialogProps) {
  const notifyError = useNotifyError();
  const states = useStatesQuery();
  const checkZip = useZipCheck();
  const create = useCreateServiceZoneMutation();
  const update = useUpdateServiceZoneMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checkedZip, setCheckedZip] = useState<string | null>(zone?.zipcode ?? null);
  const form = useSchemaForm(serviceZoneFormSchema, { defaultValues: serviceZoneFormDefaults(zone, marketId) });
  const isZipKnown = useWatch({ control: form.control, name: 'isZipKnown' });
  const chosenState = useWatch({ control: form.control, name: 'state' }) ?? '';
  // Until the list arrives, the zone's own state is the one choice, so the select never holds an unknown value.
  const stateChoices = states.data ?? (chosenState === '' ? [] : [{ code: chosenState, name: chosenState }]);
  const { field: zipField, fieldState: zipState } = useController({ control: form.control, name: 'zipcode' });

  /**
   * At the fifth digit the zip is checked: a known zip fills city and state and needs neither typed. Any other change
   * of the zip clears them: a city and state belong to one zip, and those of the zip before would be saved on this one.
   */
  const changeZip = async (text: string) => {
    const zipcode = text.replace(/\D/g, '').slice(0, 5);
    if (zipcode !== form.getValues('zipcode')) {
      form.setValue('city', '');
      form.setValue('state', '');
    }
    zipField.onChange(zipcode);
    form.setValue('isZipKnown', false);
    setCheckedZip(null);
    if (zipcode.length !== 5) return;
    const found = await checkZip(zipcode);
    if (form.getValues('zipcode') !== zipcode) return;
    setCheckedZip(zipcode);
    if (!found) return;
    form.setValue('city', found.city);
    form.setValue('state', found.state);
    form.setValue('isZipKnown', true);
    form.clearErrors(['city', 'state']);
  };

  const submit = form.handleSubmit(async ({ isZipKnown: _isZipKnown, ...input }) => {
    setRefusal(null);
    try {
      const answer = zone ? await update.mutateAsync({ zone, input }) : await create.mutateAsync(input);
      onSaved(answer.message);
    } catch (error) {
      // No answer (or a server failure): the create keeps its Idempotency-Key, so saving again is safe.
      if (!(error instanceof ApiError) || error.status >= 500) {
        notifyError(error);
        return;
      }
      if (error.status === 409) setRefusal(errorMessage(error));
      else if (!applyFieldErrors(error, form.setError, FIELDS)) setRefusal(errorMessage(error));
    }
  });

  const zipHelp =
    zipState.error?.message ??
    (isZipKnown
      ? 'A known zip code: its city and state are filled in.'
      : checkedZip === zipField.value
        ? 'Not in the zip code list: type its city and state.'
        : undefined);

  return (
    <FormDialog
      isOpen={isOpen}
      title={zone ? 'Edit ZIP' : 'Add ZIP'}
      error={refusal}
      submitLabel="Save"
      isPending={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      maxWidth="sm"
    >
      <FormTextField control={form.control} name="marketId" label="Market" select required fullWidth>
        {markets.map((market) => (
          <MenuItem key={market.id} value={market.id}>
            {market.name}
          </MenuItem>
        ))}
      </FormTextField>
      <TextField
        label="Zip code"
        name={zipField.name}
        value={zipField.value}
        inputRef={zipField.ref}
        onBlur={zipField.onBlur}
        onChange={(event) => void changeZip(event.target.value)}
        error={zipState.invalid}
        helperText={zipHelp}
        required
        fullWidth
        autoFocus={!zone}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
      />
      <FormTextField
        control={form.control}
        name="exceptions"
        label="Exceptions"
        helperText={`What this zone does not cover, shown to whoever quotes the zip (at most ${EXCEPTIONS_MAX} characters)`}
        multiline
        minRows={2}
        fullWidth
      />
      <FormTextField
        control={form.control}
        name="city"
        label="City"
        disabled={isZipKnown}
        required={!isZipKnown}
        fullWidth
      />
      <FormTextField
        control={form.control}
        name="state"
        label="State"
        select
        disabled={isZipKnown}
        required={!isZipKnown}
        fullWidth
      >
        {stateChoices.map((state) => (
          <MenuItem key={state.code} value={state.code}>
            {state.code} · {state.name}
          </MenuItem>
        ))}
      </FormTextField>
    </FormDialog>
  );
}

/** The add/edit dialog of a service zone; a new form for every opening. */
export function ServiceZoneDialog(props: ServiceZoneDialogProps) {
  return <ServiceZoneForm key={useOpeningCount(props.isOpen)} {...props} />;
}
