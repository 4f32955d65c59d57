import {
  reportSelectionFormSchema,
  SELECTION_WEEKDAYS,
  type Market,
  type ReportSelection,
  type ReportSelectionFormValues,
} from '@lawn/shared';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { FormTextField } from '../../../components/FormTextField';
import { SearchIcon as Search } from '../../../components/icons';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { currentMowYear } from '../report-selection';

type ReportSelectionFormProps = {
  values: ReportSelectionFormValues;
  markets: readonly Market[];
  onSelect: (selection: ReportSelection) => void;
};

/**
 * The report's selection: year (previous, current or next mow year), week, weekday, crew and market; at least one
 * besides the year ('Select a parameter').
 */
export function ReportSelectionForm({ values, markets, onSelect }: ReportSelectionFormProps) {
  const form = useSchemaForm(reportSelectionFormSchema, { defaultValues: values });
  const year = currentMowYear();
  const years = [year - 1, year, year + 1];

  return (
    <Stack
      component="form"
      aria-label="Report selection"
      noValidate
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      onSubmit={(event) => void form.handleSubmit(onSelect)(event)}
      sx={{ alignItems: { md: 'flex-start' } }}
    >
      <FormTextField control={form.control} name="year" label="Year" select sx={{ minWidth: 110 }}>
        {years.map((option) => (
          <MenuItem key={option} value={String(option)}>
            {option}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={form.control}
        name="week"
        label="Week"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
        sx={{ width: 110 }}
      />
      <FormTextField control={form.control} name="weekDay" label="Weekday" select sx={{ minWidth: 150 }}>
        <MenuItem value="">Any day</MenuItem>
        {Object.entries(SELECTION_WEEKDAYS).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={form.control}
        name="crew"
        label="Crew"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        sx={{ width: 130 }}
      />
      <FormTextField control={form.control} name="market" label="Market" select sx={{ minWidth: 180 }}>
        <MenuItem value="">Any market</MenuItem>
        {markets.map((market) => (
          <MenuItem key={market.id} value={String(market.id)}>
            {market.name}
          </MenuItem>
        ))}
      </FormTextField>
      <Button type="submit" variant="contained" startIcon={<Search />} sx={{ height: 56 }}>
        Search
      </Button>
    </Stack>
  );
}
