import {
  calendarDateIn,
  HISTORY_START_MAX,
  historyFilterSchema,
  historyRangeToUtc,
  type HistoryDateRange,
} from '@lawn/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useSchemaForm } from '../../../lib/use-schema-form';
import type { HistoryRange } from '../api/history-api';

const WIRE_FORMAT = 'YYYY-MM-DD';
const DISPLAY_FORMAT = 'MM/DD/YYYY';
/** What a half-typed or impossible date holds: no rule takes it for a date, so it reads 'Date is not valid'. */
const NOT_A_DATE = 'not a date';

const EMPTY: HistoryDateRange = { start: '', end: '' };

type DateFieldProps = {
  control: Control<HistoryDateRange>;
  name: keyof HistoryDateRange;
  label: string;
  maxDate: string;
};

function HistoryDateField({ control, name, label, maxDate }: DateFieldProps) {
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
                if (field.value === '' && /\d/.test(input.current?.value ?? '')) field.onChange(NOT_A_DATE);
                field.onBlur();
              },
              error: fieldState.invalid,
              helperText: fieldState.error?.message,
              size: 'small',
            },
          }}
        />
      )}
    />
  );
}

/**
 * The history's date filter: a start and an end date (MM/DD/YYYY), checked by the rules the API applies (a real date
 * each, both needed, the end today at the latest, the start up to 12/31/2050). Filter sends the chosen days as
 * UTC instants in the business's zone; Clear shows the whole history again.
 */
export function HistoryDateFilter({ onApply }: { onApply: (range: HistoryRange | null) => void }) {
  // Fixed while the record is open, so the latest pickable day does not move at midnight under the person's eyes.
  const [today] = useState(() => calendarDateIn(new Date()));
  const form = useSchemaForm(historyFilterSchema(today), { defaultValues: EMPTY });
  const submit = form.handleSubmit(({ start, end }) =>
    onApply(start && end ? historyRangeToUtc({ start, end }) : null),
  );
  const clear = () => {
    form.reset(EMPTY);
    onApply(null);
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Filter the history by date">
      <LocalizationProvider dateAdapter={AdapterDayjs}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start', mb: 2 }}>
          <HistoryDateField control={form.control} name="start" label="Start date" maxDate={HISTORY_START_MAX} />
          <HistoryDateField control={form.control} name="end" label="End date" maxDate={today} />
          <Button type="submit" variant="contained" color="secondary">
            Filter
          </Button>
          <Button onClick={clear}>Clear</Button>
        </Stack>
      </LocalizationProvider>
    </form>
  );
}
