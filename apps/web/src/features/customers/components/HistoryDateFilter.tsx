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
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useState } from 'react';
import { FormDateField } from '../../../components/FormDateField';
import { useSchemaForm } from '../../../lib/use-schema-form';
import type { HistoryRange } from '../api/history-api';

const EMPTY: HistoryDateRange = { start: '', end: '' };

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
          <FormDateField
            control={form.control}
            name="start"
            label="Start date"
            maxDate={HISTORY_START_MAX}
            size="small"
          />
          <FormDateField control={form.control} name="end" label="End date" maxDate={today} size="small" />
          <Button type="submit" variant="contained" color="secondary">
            Filter
          </Button>
          <Button onClick={clear}>Clear</Button>
        </Stack>
      </LocalizationProvider>
    </form>
  );
}
