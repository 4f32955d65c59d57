import {
  PRICE_UPDATE_DIRECTIONS,
  PRICE_UPDATE_TYPE_LABELS,
  priceUpdateFormSchema,
  type Market,
  type PriceUpdateRequest,
} from '@lawn/shared';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useId } from 'react';
import { Controller } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField';
import { SubmitButton } from '../../../components/PendingButton';
import { readFieldErrors } from '../../../lib/error-message';
import { useSchemaForm } from '../../../lib/use-schema-form';

type Props = {
  markets: readonly Market[];
  isPending: boolean;
  /** Asks what the update would do; a refusal throws the server's error, whose field messages the form shows. */
  onPreview: (request: PriceUpdateRequest) => Promise<void>;
  /** The form changed: a preview shown is no longer what Apply would do. */
  onChange: () => void;
};

/** Increase or lower, by an amount, every active price of the business or of one market: first a preview. */
export function PriceUpdateForm({ markets, isPending, onPreview, onChange }: Props) {
  const directionLabel = useId();
  const form = useSchemaForm(priceUpdateFormSchema, {
    defaultValues: { direction: 'increase', amount: '', marketId: '' },
  });
  useEffect(() => {
    const subscription = form.watch(() => onChange());
    return () => subscription.unsubscribe();
  }, [form, onChange]);

  const preview = form.handleSubmit(async (request) => {
    try {
      await onPreview(request);
    } catch (error) {
      const amount = readFieldErrors(error).amount;
      if (amount) form.setError('amount', { type: 'server', message: amount });
    }
  });

  return (
    <Stack
      component="form"
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'flex-start' } }}
      noValidate
      onSubmit={(event) => void preview(event)}
    >
      <FormControl>
        <FormLabel id={directionLabel} sx={{ mb: 0.5 }}>
          Change
        </FormLabel>
        <Controller
          control={form.control}
          name="direction"
          render={({ field }) => (
            <ToggleButtonGroup
              exclusive
              color="primary"
              aria-labelledby={directionLabel}
              value={field.value}
              onChange={(_event, value: string | null) => {
                if (value) field.onChange(value);
              }}
            >
              {PRICE_UPDATE_DIRECTIONS.map((direction) => (
                <ToggleButton key={direction} value={direction}>
                  {PRICE_UPDATE_TYPE_LABELS[direction]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
        />
      </FormControl>
      <FormTextField
        control={form.control}
        name="amount"
        label="Amount ($)"
        required
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <FormTextField control={form.control} name="marketId" label="Market" select sx={{ minWidth: 200 }}>
        <MenuItem value="">All markets</MenuItem>
        {markets.map((market) => (
          <MenuItem key={market.id} value={market.id}>
            {market.name}
          </MenuItem>
        ))}
      </FormTextField>
      <div>
        <SubmitButton isPending={isPending} sx={{ mt: { md: 3 } }}>
          Preview
        </SubmitButton>
      </div>
    </Stack>
  );
}
