import { CARD_TYPES, cardExpiryYears, cardTypeFromNumber, type IsoDate } from '@lawn/shared';
import Stack from '@mui/material/Stack';
import { Controller } from 'react-hook-form';
import { FormTextField } from '../../../components/FormTextField';
import { MaskedTextField } from '../../../components/MaskedTextField';
import { cardNumberMask, type CardForm } from '../payment-forms';
import { NumberSelectField, type NumberOption } from './NumberSelectField';

const MONTH_OPTIONS: NumberOption[] = Array.from({ length: 12 }, (_, index) => ({
  value: index + 1,
  label: String(index + 1).padStart(2, '0'),
}));
const CARD_TYPE_OPTIONS: NumberOption[] = Object.entries(CARD_TYPES).map(([code, name]) => ({
  value: Number(code),
  label: name,
}));

type CardFieldsProps = {
  form: CardForm;
  today: IsoDate;
  isDisabled: boolean;
  /** How many expiry years to offer from this year on (the public sign-up offers fewer). */
  yearCount?: number;
};

/**
 * The card tab: name on card, number (grouped as typed; the card type follows its first digit), card type and expiry
 * month and year, this year and the nine after it unless told otherwise. No CVV is asked for.
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
          <MaskedTextField
            name={field.name}
            inputRef={field.ref}
            pattern={cardNumberMask(field.value)}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(digits) => {
              field.onChange(digits);
              const cardType = cardTypeFromNumber(digits);
              if (cardType !== null) setValue('cardType', cardType, { shouldValidate: fieldState.isTouched });
            }}
            label="Card number"
            autoComplete="cc-number"
            error={fieldState.invalid}
            helperText={fieldState.error?.message}
            disabled={isDisabled}
            fullWidth
          />
        )}
      />
      <NumberSelectField
        control={control}
        name="cardType"
        label="Card type"
        options={CARD_TYPE_OPTIONS}
        isDisabled={isDisabled}
      />
      <Stack direction="row" spacing={2}>
        <NumberSelectField
          control={control}
          name="creditCardExpirationMonth"
          label="Expiry month"
          autoComplete="cc-exp-month"
          options={MONTH_OPTIONS}
          isDisabled={isDisabled}
        />
        <NumberSelectField
          control={control}
          name="creditCardExpirationYear"
          label="Expiry year"
          autoComplete="cc-exp-year"
          options={cardExpiryYears(today, yearCount).map((year) => ({ value: year, label: String(year) }))}
          isDisabled={isDisabled}
        />
      </Stack>
    </Stack>
  );
}
