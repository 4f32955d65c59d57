import {
  DAY_CAPACITY_LABELS,
  formatUsDate,
  isHoliday,
  isWeekend,
  NOTE_MAX_DATE,
  startDateProblem,
  type IsoDate,
  type StartDay,
} from '@lawn/shared';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import { useMemo } from 'react';

const WIRE_FORMAT = 'YYYY-MM-DD';
/** How many closed days the hint names before it stops: the picker greys out the rest. */
const NAMED_CLOSED_DAYS = 5;

type StartDateFieldProps = {
  value: string;
  onChange: (date: string) => void;
  onBlur?: () => void;
  /** The first day that may be chosen: today in the office, the next business day on the public sign-up. */
  earliest: IsoDate;
  /** The market's days and why each can or cannot start a service; a full or locked day is greyed out. */
  days?: readonly StartDay[];
  error?: string;
};

type ClosedReason = (typeof DAY_CAPACITY_LABELS)[keyof typeof DAY_CAPACITY_LABELS];

/**
 * The start date of a new customer's service, one field for the office wizard and the public sign-up: it offers only
 * the days a crew can start (from `earliest`, weekdays that are not holidays, up to 12/31/2050, the shared
 * `startDateProblem` rule the server checks too, and days of the market with a free mow) and says why the other days
 * are greyed out: under the field, and on each closed day of the calendar.
 */
export function StartDateField({ value, onChange, onBlur, earliest, days = [], error }: StartDateFieldProps) {
  // Weekends and holidays are the shared rule's; the market's own closures are its full and locked days.
  const closed = useMemo(
    () =>
      new Map<IsoDate, ClosedReason>(
        days
          .filter((day) => day.status === 'full' || day.status === 'locked')
          .map((day) => [day.date, DAY_CAPACITY_LABELS[day.status as 'full' | 'locked']]),
      ),
    [days],
  );
  const closedNamed = [...closed]
    .slice(0, NAMED_CLOSED_DAYS)
    .map(([date, reason]) => `${formatUsDate(date)} is ${reason}`)
    .join(', ');
  const hint =
    `From ${dayjs(earliest).format('MM/DD/YYYY')}, Monday to Friday: crews do not mow on weekends and holidays` +
    (closedNamed ? `. ${closedNamed}` : '');
  /** Why a day is greyed out, as its calendar cell says on hover. */
  const reasonOf = (date: IsoDate): string | undefined => {
    const reason =
      closed.get(date) ??
      (isWeekend(date) ? DAY_CAPACITY_LABELS.weekend : isHoliday(date) ? DAY_CAPACITY_LABELS.holiday : undefined);
    return reason === undefined ? undefined : `Closed: ${reason}`;
  };
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
        shouldDisableDate={(day) => {
          const date = day.format(WIRE_FORMAT);
          return closed.has(date) || startDateProblem(date, earliest) !== undefined;
        }}
        slotProps={{
          day: (ownerState) => ({ title: reasonOf(ownerState.day.format(WIRE_FORMAT)) }),
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
