import { FREQUENCIES, PRICE_KEYS, type LotSizeTable, type LotSizeTableUpdate } from '@lawn/shared';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, readFieldErrors } from '../../../lib/error-message';
import { checkedFormSchema, useSchemaForm } from '../../../lib/use-schema-form';
import { useSavePriceTableMutation, type TableChoice } from '../api/pricing-api';
import { tableWithTier, TIER_FIELDS, tierFormValuesOf, type TierField, type TierFormValues } from '../tier-form';

type EditTierDialogProps = {
  choice: TableChoice;
  table: LotSizeTable;
  index: number;
  onSaved: () => void;
  /** Someone else saved the table first (409): the screen reloads it and says so. */
  onConflict: (message: string) => void;
  onClose: () => void;
};

/** `tiers.1.serviceFrequency.f2` -> `f2`: the API names a field by its path in the whole table. */
function serverFieldErrors(error: unknown, index: number): Partial<Record<TierField, string>> {
  const errors: Partial<Record<TierField, string>> = {};
  for (const [path, message] of Object.entries(readFieldErrors(error))) {
    const [, position, field, key] = path.split('.');
    const name = (field === 'serviceFrequency' ? key : field) as TierField;
    if (Number(position) === index && TIER_FIELDS.includes(name)) errors[name] = message;
  }
  return errors;
}

const PRICE_SLOTS = {
  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
  htmlInput: { inputMode: 'decimal' },
} as const;
const SIZE_SLOTS = { htmlInput: { inputMode: 'numeric' } } as const;

/**
 * Edits one tier of a price table: name, turf range, lot-size end and the four prices, checked with the rules the
 * API applies to the whole table. Saving sends the whole table with the version it was read at. Mount it anew for
 * each opening.
 */
export function EditTierDialog({ choice, table, index, onSaved, onConflict, onClose }: EditTierDialogProps) {
  const tier = table.data[index];
  const save = useSavePriceTableMutation(choice);
  const [tableError, setTableError] = useState<string | null>(null);
  // The tier is checked inside its whole table, as the API checks it; a valid form submits the table's update.
  const schema = checkedFormSchema<TierFormValues, LotSizeTableUpdate>((values) => {
    const check = tableWithTier(table, index, values);
    setTableError('update' in check ? null : check.tableError);
    return 'update' in check ? { data: check.update } : { errors: check.errors };
  });
  const form = useSchemaForm(schema, { defaultValues: tier ? tierFormValuesOf(tier) : undefined });

  const submit = form.handleSubmit((update) => {
    save.mutate(update, {
      onSuccess: onSaved,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          onConflict(errorMessage(error));
          return;
        }
        const fieldErrors = Object.entries(serverFieldErrors(error, index));
        for (const [field, message] of fieldErrors) form.setError(field as TierField, { type: 'server', message });
        if (fieldErrors.length === 0) setTableError(errorMessage(error));
      },
    });
  });

  if (!tier) return null;
  const isSaving = save.isPending;
  return (
    <FormDialog
      isOpen
      title={`Edit ${tier.name}`}
      description="The prices of one mow. Moving a turf size range moves the neighbouring lot sizes with it."
      error={tableError}
      submitLabel={isSaving ? 'Saving...' : 'Save'}
      isPending={isSaving}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      maxWidth="sm"
    >
      <FormTextField control={form.control} name="name" label="Name" disabled={isSaving} autoFocus />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={form.control}
          name="turfSizeStart"
          slotProps={SIZE_SLOTS}
          label="Turf size from (sq ft)"
          disabled={isSaving}
        />
        <FormTextField
          control={form.control}
          name="turfSizeEnd"
          slotProps={SIZE_SLOTS}
          label="Turf size to (sq ft)"
          disabled={isSaving}
        />
        <FormTextField
          control={form.control}
          name="lotSizeEnd"
          slotProps={SIZE_SLOTS}
          label="Lot size up to (sq ft)"
          disabled={isSaving}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {PRICE_KEYS.map((key, position) => (
          <FormTextField
            key={key}
            control={form.control}
            name={key}
            label={FREQUENCIES[(position + 1) as keyof typeof FREQUENCIES]}
            disabled={isSaving}
            slotProps={PRICE_SLOTS}
          />
        ))}
      </Stack>
    </FormDialog>
  );
}
