import { CARD_TYPES, cardExpiryYears, type IsoDate } from '@lawn/shared';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField';
import { formatCardNumber, type CardValues } from '../payment-forms';

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

type CardFieldsProps = {
  form: UseFormReturn<CardValues>;
  today: IsoDate;
  isDisabled: boolean;
  /** How many expiry years to offer from this year on (the public sign-up offers fewer). */
  yearCount?: number;
};

/**
 * The card tab: name on card, number (grouped as typed; the card type follows its first digit), card type and expiry
 * month and year, this year and the nine after it unless told otherwise (spec 3 §2, §9). No CVV is asked for.
 */
export function CardFields({ form, today, isDisabled, yearCount }: CardFieldsProps) {
  const { control, setValue } = form;
  return (
    <Stack spacing={2}>
      <FormTextField
        control={control}
        name="nameOnCard"
        label="Name on card"
        autoComplete="cc-name"
        disabled={isDisabled}
        fullWidth
      />
      <Controller
        control={control}
        name="creditCardNumber"
        render={({ field, fieldState }) => (
          <TextField
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => {
              const { text, cardType } = formatCardNumber(event.target.value);
              field.onChange(text);
              if (cardType !== null) setValue('cardType', cardType, { shouldValidate: fieldState.isTouched });
            }}
            label="Card number"
            autoComplete="cc-number"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            disabled={isDisabled}
            fullWidth
          />
        )}
      />
      <Controller
        control={control}
        name="cardType"
        render={({ field, fieldState }) => (
          <TextField
            select
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            onChange={(event) => field.onChange(Number(event.target.value))}
            onBlur={field.onBlur}
            label="Card type"
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            disabled={isDisabled}
            fullWidth
          >
            {Object.entries(CARD_TYPES).map(([code, name]) => (
              <MenuItem key={code} value={Number(code)}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Stack direction="row" spacing={2}>
        <Controller
          control={control}
          name="creditCardExpirationMonth"
          render={({ field, fieldState }) => (
            <TextField
              select
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={(event) => field.onChange(Number(event.target.value))}
              onBlur={field.onBlur}
              label="Expiry month"
              autoComplete="cc-exp-month"
              error={fieldState.invalid}
              helperText={fieldState.error?.message}
              disabled={isDisabled}
              fullWidth
            >
              {MONTHS.map((month) => (
                <MenuItem key={month} value={month}>
                  {String(month).padStart(2, '0')}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="creditCardExpirationYear"
          render={({ field, fieldState }) => (
            <TextField
              select
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={(event) => field.onChange(Number(event.target.value))}
              onBlur={field.onBlur}
              label="Expiry year"
              autoComplete="cc-exp-year"
              error={fieldState.invalid}
              helperText={fieldState.error?.message}
              disabled={isDisabled}
              fullWidth
            >
              {cardExpiryYears(today, yearCount).map((year) => (
                <MenuItem key={year} value={year}>
                  {year}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
    </Stack>
  );
}
