import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

const WIRE_FORMAT = 'YYYY-MM-DD';
const DISPLAY_FORMAT = 'MM/DD/YYYY';
/** What a half-typed or impossible date holds: no date rule takes it for a date, so the field reads 'Date is not valid'. */
const NOT_A_DATE = 'not a date';

type FormDateFieldProps<T extends FieldValues, TOutput> = {
  /** The form's control; a form whose submit receives the schema's output (not the typed values) fits too. */
  control: Control<T, unknown, TOutput>;
  /** A text field of the form: the date as YYYY-MM-DD, '' when none. */
  name: FieldPathByValue<T, string>;
  label: string;
  /** The latest day offered (YYYY-MM-DD). */
  maxDate: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
};

/**
 * A date typed or picked as MM/DD/YYYY and held as YYYY-MM-DD, so the shared schema checks it as the API does; a date
 * typed in part or impossible is held as a value no date rule accepts, so it gets the schema's message, not silence.
 * Needs a LocalizationProvider above it.
 */
export function FormDateField<T extends FieldValues, TOutput = T>({
  control,
  name,
  label,
  maxDate,
  size,
  fullWidth,
}: FormDateFieldProps<T, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  const input = useRef<HTMLInputElement | null>(null);
  const value = field.value as string | undefined;
  return (
    <DatePicker
      label={label}
      format={DISPLAY_FORMAT}
      value={value && value !== NOT_A_DATE ? dayjs(value) : null}
      onChange={(picked) => {
        if (picked === null) field.onChange('');
        else field.onChange(picked.isValid() ? picked.format(WIRE_FORMAT) : NOT_A_DATE);
      }}
      maxDate={dayjs(maxDate)}
      inputRef={(element: HTMLInputElement | null) => {
        field.ref(element);
        input.current = element;
      }}
      slotProps={{
        textField: {
          name: field.name,
          onBlur: () => {
            // A date typed only in part leaves the picker's value empty; its digits say it is no date yet.
            if (value === '' && /\d/.test(input.current?.value ?? '')) field.onChange(NOT_A_DATE);
            field.onBlur();
          },
          error: fieldState.invalid,
          helperText: fieldState.error?.message,
          size,
          fullWidth,
        },
      }}
    />
  );
}
