import { NOTE_MAX_DATE, startDateProblem, type IsoDate } from '@lawn/shared';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';

const WIRE_FORMAT = 'YYYY-MM-DD';

type StartDateFieldProps = {
  value: string;
  onChange: (date: string) => void;
  onBlur?: () => void;
  /** The first day that may be chosen: today in the office, the next business day on the public sign-up. */
  earliest: IsoDate;
  error?: string;
};

/**
 * The start date of a new customer's service, one field for the office wizard and the public sign-up: it offers only
 * the days a crew can start (from `earliest`, weekdays that are not holidays, up to 12/31/2050, the shared
 * `startDateProblem` rule the server checks too) and says under the field why the other days are greyed out.
 */
export function StartDateField({ value, onChange, onBlur, earliest, error }: StartDateFieldProps) {
  const hint = `From ${dayjs(earliest).format('MM/DD/YYYY')}, Monday to Friday: crews do not mow on weekends and holidays`;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label="Service start date"
        format="MM/DD/YYYY"
        value={value ? dayjs(value) : null}
        onChange={(day) => onChange(day?.isValid() ? day.format(WIRE_FORMAT) : '')}
        minDate={dayjs(earliest)}
        maxDate={dayjs(NOTE_MAX_DATE)}
        referenceDate={dayjs(earliest)}
        shouldDisableDate={(day) => startDateProblem(day.format(WIRE_FORMAT), earliest) !== undefined}
        slotProps={{
          textField: {
            name: 'serviceDate',
            required: true,
            fullWidth: true,
            onBlur,
            error: Boolean(error),
            helperText: error ?? hint,
          },
        }}
      />
    </LocalizationProvider>
  );
}
