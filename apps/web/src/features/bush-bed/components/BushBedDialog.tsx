import {
  BUSH_BED_STATUSES,
  bushBedFormSchema,
  MOW_DAYS,
  weeksInMowYear,
  type BushBedFormValues,
  type BushBedService,
} from '@lawn/shared';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAddBushBedMutation, useUpdateBushBedMutation } from '../api/bush-bed-api';

const FIELDS = ['weekNumber', 'crew', 'weekDay', 'status', 'instruction'] as const;

/** What the modal opens with: the service to edit, or a new one on a week of a year (the week may be chosen later). */
export type BushBedOpening = { service: BushBedService } | { year: number; weekNumber: number | '' };

function valuesOf(opening: BushBedOpening): BushBedFormValues {
  if ('service' in opening) {
    const { service } = opening;
    return {
      year: service.year,
      weekNumber: service.weekNumber,
      crew: String(service.crew),
      weekDay: service.weekDay,
      status: service.status,
      instruction: service.instruction,
    };
  }
  return { year: opening.year, weekNumber: opening.weekNumber, crew: '', weekDay: '', status: '', instruction: '' };
}

const options = (labels: Readonly<Record<number, string>>) =>
  Object.entries(labels).map(([code, name]) => (
    <MenuItem key={code} value={Number(code)}>
      {name}
    </MenuItem>
  ));

type BushBedDialogProps = { customerId: number; opening: BushBedOpening; onClose: () => void };

/**
 * The bush-and-bed service modal: week number, crew, week day and status ('Required' each) and the crew's
 * instruction. An edit is saved from the version the modal opened with; a refusal (a week that has a service, someone
 * else's change meanwhile) shows in a warning inside the modal.
 */
export function BushBedDialog({ customerId, opening, onClose }: BushBedDialogProps) {
  const add = useAddBushBedMutation(customerId);
  const update = useUpdateBushBedMutation(customerId);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm(bushBedFormSchema, { defaultValues: valuesOf(opening) });
  const service = 'service' in opening ? opening.service : null;
  const year = 'service' in opening ? opening.service.year : opening.year;
  const weeks = Object.fromEntries(
    Array.from({ length: weeksInMowYear(year) }, (_, index) => [index + 1, `Week ${index + 1}`]),
  );

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      if (service) await update.mutateAsync({ serviceId: service.id, ...values, version: service.version });
      else await add.mutateAsync(values);
      onClose();
    } catch (error) {
      if (applyFieldErrors(error, form.setError, FIELDS)) return;
      setServerError(errorMessage(error));
    }
  });

  return (
    <FormDialog
      isOpen
      title={service ? 'Edit bush-and-bed service' : 'Bush-and-bed service'}
      description={`Mow year ${year}`}
      error={serverError}
      submitLabel="Save"
      isPending={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      maxWidth="sm"
    >
      <FormTextField control={form.control} name="weekNumber" label="Week number" select fullWidth>
        {options(weeks)}
      </FormTextField>
      <FormTextField
        control={form.control}
        name="crew"
        label="Crew"
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
      />
      <FormTextField control={form.control} name="weekDay" label="Week day" select fullWidth>
        {options(MOW_DAYS)}
      </FormTextField>
      <FormTextField control={form.control} name="status" label="Status" select fullWidth>
        {options(BUSH_BED_STATUSES)}
      </FormTextField>
      <FormTextField control={form.control} name="instruction" label="Instruction" multiline minRows={2} fullWidth />
    </FormDialog>
  );
}
