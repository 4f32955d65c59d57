import { AUTHORIZATION_MESSAGES, type ChargeAuthorizationValues } from '@lawn/shared';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';

type ChargeAuthorizationFieldProps = {
  control: Control<ChargeAuthorizationValues>;
  /** The words accepted: what will be charged and when (`chargeAuthorizationText`). */
  text: string;
  /** Who ticks it: the customer accepts; the office records the customer's acceptance. */
  audience: 'customer' | 'office';
  isDisabled: boolean;
};

/**
 * The authorization of recurring charges on a payment form: the words saying what will be charged and when, and the
 * box that accepts them. The box's accessible name is the whole text, so a screen reader hears what is accepted.
 */
export function ChargeAuthorizationField({ control, text, audience, isDisabled }: ChargeAuthorizationFieldProps) {
  const errorId = useId();
  const label = audience === 'customer' ? AUTHORIZATION_MESSAGES.customerLabel : AUTHORIZATION_MESSAGES.officeLabel;
  return (
    <Controller
      control={control}
      name="authorizationAccepted"
      render={({ field, fieldState }) => (
        <FormControl error={fieldState.invalid}>
          <FormControlLabel
            sx={{ alignItems: 'flex-start' }}
            disabled={isDisabled}
            control={
              <Checkbox
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                sx={{ mt: -0.75 }}
                slotProps={{
                  input: {
                    ref: field.ref,
                    'aria-invalid': fieldState.invalid,
                    'aria-describedby': fieldState.error ? errorId : undefined,
                  },
                }}
              />
            }
            label={
              <Typography variant="body2">
                <strong>{label}</strong> {text}
              </Typography>
            }
          />
          {fieldState.error && <FormHelperText id={errorId}>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
