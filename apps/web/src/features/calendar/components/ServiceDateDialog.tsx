import { serviceDateIssue, writeInWindow, type CalendarWeek, type ScheduleChangeRequest } from '@lawn/shared';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../../components/FormDialog';
import { formatPlainDate } from '../../../lib/dates';
import { weekSpanText } from '../calendar-week';
import { useScheduleChangeForm } from '../use-schedule-change-form';
import { ServiceMessageField } from './ServiceMessageField';

/** Dates travel as 'YYYY-MM-DD'; the picker shows them as the product does everywhere, MM/dd/yyyy. */
const WIRE_FORMAT = 'YYYY-MM-DD';
const DISPLAY_FORMAT = 'MM/DD/YYYY';

export type ServiceDateChange = 'write' | 'redo';

const TITLES: Record<ServiceDateChange, { title: string; submit: string }> = {
  write: { title: 'Write in', submit: 'Save write in' },
  redo: { title: 'Redo', submit: 'Save redo' },
};

type ServiceDateDialogProps = {
  type: ServiceDateChange;
  isOpen: boolean;
  year: number;
  week: CalendarWeek;
  onClose: () => void;
  onSave: (change: ScheduleChangeRequest) => Promise<unknown>;
};

/**
 * Write in and Redo modals: a weekday from the week's Monday to its Sunday plus 7 days, a redo never in the past,
 * and an optional message of up to 200 characters. The picker offers only the dates the shared rule
 * accepts.
 */
export function ServiceDateDialog({ type, isOpen, year, week, onClose, onSave }: ServiceDateDialogProps) {
  const { form, submit, today, serverError, isSaving } = useScheduleChangeForm({
    status: type,
    year,
    week: week.week,
    onSave,
  });
  const allowed = writeInWindow(year, week.week);
  const isPickable = (day: Dayjs) => serviceDateIssue(type, day.format(WIRE_FORMAT), year, week.week, today) === null;
  const hint = `Weekdays from ${formatPlainDate(allowed.from)} to ${formatPlainDate(allowed.to)}${
    type === 'redo' ? ', not in the past' : ''
  }`;

  return (
    <FormDialog
      isOpen={isOpen}
      isPending={isSaving}
      title={TITLES[type].title}
      description={weekSpanText(week)}
      error={serverError}
      submitLabel={TITLES[type].submit}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <LocalizationProvider dateAdapter={AdapterDayjs}>
        <Controller
          control={form.control}
          name="date"
          render={({ field, fieldState }) => (
            <DatePicker
              label="Date"
              format={DISPLAY_FORMAT}
              value={field.value ? dayjs(field.value) : null}
              onChange={(value) => field.onChange(value?.isValid() ? value.format(WIRE_FORMAT) : null)}
              minDate={dayjs(allowed.from)}
              maxDate={dayjs(allowed.to)}
              referenceDate={dayjs(allowed.from)}
              shouldDisableDate={(day) => !isPickable(day)}
              disabled={isSaving}
              inputRef={field.ref}
              slotProps={{
                textField: {
                  name: field.name,
                  required: true,
                  fullWidth: true,
                  onBlur: field.onBlur,
                  error: fieldState.invalid,
                  helperText: fieldState.error?.message ?? hint,
                },
              }}
            />
          )}
        />
      </LocalizationProvider>
      <ServiceMessageField control={form.control} name="message" label="Message" disabled={isSaving} />
    </FormDialog>
  );
}
