import { MOW_YEAR_RANGE, SETTING_SCHEMAS } from '@lawn/shared';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { FormTextField } from '../../../components/FormTextField';
import { SubmitButton } from '../../../components/PendingButton';
import { checkedFormSchema, useSchemaForm } from '../../../lib/use-schema-form';

/** '' follows the current mow year; otherwise the year saved. */
type SeasonValues = { mowYear: string };

const seasonFormSchema = checkedFormSchema<SeasonValues, { mowYear: number | null }>(({ mowYear }) => {
  const parsed = SETTING_SCHEMAS.mowYear.safeParse(mowYear === '' ? null : Number(mowYear));
  return parsed.success ? { data: { mowYear: parsed.data } } : { errors: { mowYear: parsed.error.issues[0]?.message } };
});

const YEARS = Array.from(
  { length: MOW_YEAR_RANGE.max - MOW_YEAR_RANGE.min + 1 },
  (_, index) => MOW_YEAR_RANGE.min + index,
);

type Props = {
  mowYear: number | null;
  isPending: boolean;
  onSave: (values: { mowYear: number | null }) => void;
};

/** The saved mow year the schedule screen opens on. */
export function SeasonForm({ mowYear, isPending, onSave }: Props) {
  const form = useSchemaForm(seasonFormSchema, { defaultValues: { mowYear: mowYear === null ? '' : String(mowYear) } });
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void form.handleSubmit(onSave)(event)}>
      <FormTextField control={form.control} name="mowYear" label="Saved mow year" select fullWidth>
        <MenuItem value="">The current mow year</MenuItem>
        {YEARS.map((year) => (
          <MenuItem key={year} value={String(year)}>
            {year}
          </MenuItem>
        ))}
      </FormTextField>
      <div>
        <SubmitButton isPending={isPending}>Save season</SubmitButton>
      </div>
    </Stack>
  );
}
