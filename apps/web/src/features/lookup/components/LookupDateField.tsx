import { LOOKUP_DATE_MAX } from '@lawn/shared';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { Controller } from 'react-hook-form';
import type { LookupControl } from '../lookup-form';

const WIRE_FORMAT = 'YYYY-MM-DD';
const DISPLAY_FORMAT = 'MM/DD/YYYY';
/** What a half-typed or impossible date holds: no rule takes it for a date, so it reads 'Date is not valid'. */
const NOT_A_DATE = 'not a date';

type DateName = 'parentBasic' | 'startDate' | 'endDate' | 'skipDate' | 'writeDate' | 'redoDate' | 'noteDate' | 'date';

type LookupDateFieldProps = {
  control: LookupControl;
  name: DateName;
  label: string;
};

/** A date of the lookup, typed or picked as MM/DD/YYYY (up to 12/31/2050), held as YYYY-MM-DD. */
export function LookupDateField({ control, name, label }: LookupDateFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePicker
          label={label}
          format={DISPLAY_FORMAT}
          value={field.value && field.value !== NOT_A_DATE ? dayjs(field.value) : null}
          onChange={(value) => {
            if (value === null) field.onChange('');
            else field.onChange(value.isValid() ? value.format(WIRE_FORMAT) : NOT_A_DATE);
          }}
          maxDate={dayjs(LOOKUP_DATE_MAX)}
          inputRef={(element: HTMLInputElement | null) => {
            field.ref(element);
            input.current = element;
          }}
          slotProps={{
            textField: {
              name: field.name,
              onBlur: () => {
                // A date typed only in part leaves the picker's value empty; its digits say it is no date yet.
                if (field.value === '' && /\d/.test(input.current?.value ?? '')) field.onChange(NOT_A_DATE);
                field.onBlur();
              },
              error: fieldState.invalid,
              helperText: fieldState.error?.message,
              fullWidth: true,
            },
          }}
        />
      )}
    />
  );
}
