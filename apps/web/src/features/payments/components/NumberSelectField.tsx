import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type NumberOption = { value: number; label: string };

type NumberSelectFieldProps<Values extends FieldValues> = {
  control: Control<Values>;
  name: FieldPath<Values>;
  label: string;
  options: readonly NumberOption[];
  autoComplete?: string;
  isDisabled: boolean;
};

/** A select of numbered choices bound to a form field (card type, expiry month and year): it stores the number. */
export function NumberSelectField<Values extends FieldValues>({
  control,
  name,
  label,
  options,
  autoComplete,
  isDisabled,
}: NumberSelectFieldProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onChange={(event) => field.onChange(Number(event.target.value))}
          onBlur={field.onBlur}
          label={label}
          autoComplete={autoComplete}
          error={fieldState.invalid}
          helperText={fieldState.error?.message}
          disabled={isDisabled}
          fullWidth
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
