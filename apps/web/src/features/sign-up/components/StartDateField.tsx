import { signUpStartDateProblem, SIGN_UP_LAST_START_DATE, nextBusinessDay, type IsoDate } from '@lawn/shared';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';

const WIRE_FORMAT = 'YYYY-MM-DD';

type StartDateFieldProps = {
  value: string;
  onChange: (date: string) => void;
  onBlur: () => void;
  today: IsoDate;
  error?: string;
};

/**
 * The service start date: from the next business day, weekdays that are not holidays, up to 12/31/2050. The days
 * that cannot be chosen are greyed out in the calendar.
 */
export function StartDateField({ value, onChange, onBlur, today, error }: StartDateFieldProps) {
  const first = nextBusinessDay(today);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label="Service start date"
        format="MM/DD/YYYY"
        value={value ? dayjs(value) : null}
        onChange={(day) => onChange(day?.isValid() ? day.format(WIRE_FORMAT) : '')}
        minDate={dayjs(first)}
        maxDate={dayjs(SIGN_UP_LAST_START_DATE)}
        referenceDate={dayjs(first)}
        shouldDisableDate={(day) => signUpStartDateProblem(day.format(WIRE_FORMAT), today) !== undefined}
        slotProps={{
          textField: {
            name: 'serviceDate',
            required: true,
            fullWidth: true,
            onBlur,
            error: Boolean(error),
            helperText: error ?? 'The earliest start is the next business day',
          },
        }}
      />
    </LocalizationProvider>
  );
}
