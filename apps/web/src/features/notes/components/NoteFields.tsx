import {
  BILLING_NOTE_STATUSES,
  isWeekend,
  NOTE_MAX_DATE,
  NOTE_TYPE,
  PICK_LIST,
  REJECTION_REASONS,
  type IsoDate,
  type NoteType,
} from '@lawn/shared';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField';
import { choicesWith, usePickListQuery } from '../../../lib/pick-lists';
import type { NoteFormValues } from '../note-form';

/** Dates travel as 'YYYY-MM-DD'; the picker shows them as the product does everywhere, MM/dd/yyyy. */
const WIRE_FORMAT = 'YYYY-MM-DD';
const DISPLAY_FORMAT = 'MM/DD/YYYY';

type NoteFieldsProps = {
  control: Control<NoteFormValues>;
  typeId: NoteType;
  /** The first pickable date: today, or the note's own earlier date, which it may keep. */
  minDate: IsoDate;
  isDisabled: boolean;
};

const billingStatuses = Object.entries(BILLING_NOTE_STATUSES).map(([code, label]) => ({ code: Number(code), label }));

/**
 * The fields of a note: date (today to 12/31/2050), hour, description, and on a rejected note
 * the rejection checkboxes, any of which makes the description optional. A billing note has no hour; it has a reason
 * from the billing reasons' pick list and a status instead, and its date picker refuses weekends.
 */
export function NoteFields({ control, typeId, minDate, isDisabled }: NoteFieldsProps) {
  const isBilling = typeId === NOTE_TYPE.billing;
  // The billing reasons come from their pick list; a note keeps showing its own reason while the list loads.
  const billingReasons = usePickListQuery(PICK_LIST.billingReasons);
  const reason = useWatch({ control, name: 'reason' });
  const reasons = choicesWith(billingReasons.data?.map((option) => option.name) ?? [], reason);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <LocalizationProvider dateAdapter={AdapterDayjs}>
          <Controller
            control={control}
            name="serviceDate"
            render={({ field, fieldState }) => (
              <DatePicker
                label="Date"
                format={DISPLAY_FORMAT}
                value={field.value ? dayjs(field.value) : null}
                onChange={(value) => field.onChange(value?.isValid() ? value.format(WIRE_FORMAT) : null)}
                minDate={dayjs(minDate)}
                // A billing note cannot be dated on a weekend.
                shouldDisableDate={isBilling ? (day) => isWeekend(day.format(WIRE_FORMAT)) : undefined}
                maxDate={dayjs(NOTE_MAX_DATE)}
                disabled={isDisabled}
                inputRef={field.ref}
                slotProps={{
                  textField: {
                    name: field.name,
                    onBlur: field.onBlur,
                    error: fieldState.invalid,
                    helperText: fieldState.error?.message,
                    fullWidth: true,
                  },
                }}
              />
            )}
          />
        </LocalizationProvider>
        {isBilling ? (
          <FormTextField control={control} name="status" label="Status" select disabled={isDisabled} fullWidth>
            {billingStatuses.map((status) => (
              <MenuItem key={status.code} value={status.code}>
                {status.label}
              </MenuItem>
            ))}
          </FormTextField>
        ) : (
          <FormTextField
            control={control}
            name="serviceHour"
            label="Hour"
            type="time"
            disabled={isDisabled}
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      </Stack>
      {isBilling && (
        <FormTextField control={control} name="reason" label="Reason" select disabled={isDisabled} fullWidth>
          {reasons.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {choice}
            </MenuItem>
          ))}
        </FormTextField>
      )}
      {typeId === NOTE_TYPE.rejected && (
        <Controller
          control={control}
          name="rejectionReasons"
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={fieldState.invalid} disabled={isDisabled}>
              <FormLabel component="legend">Reason</FormLabel>
              <FormGroup row>
                {REJECTION_REASONS.map((reason) => (
                  <FormControlLabel
                    key={reason}
                    label={reason}
                    control={
                      <Checkbox
                        checked={field.value.includes(reason)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? REJECTION_REASONS.filter((item) => item === reason || field.value.includes(item))
                              : field.value.filter((item) => item !== reason),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
      )}
      <FormTextField
        control={control}
        name="description"
        label="Description"
        multiline
        minRows={3}
        disabled={isDisabled}
        fullWidth
      />
    </Stack>
  );
}
