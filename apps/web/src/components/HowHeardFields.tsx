import { HOW_HEARD, HOW_HEARD_OPTIONS, HOW_HEARD_ORDER, type HowHeard } from '@lawn/shared';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

type HowHeardFieldsProps = {
  /** The question as the page asks it ('How did you hear about us?' to a customer). */
  label: string;
  about: HowHeard | '';
  aboutOption: string;
  onChange: (change: { about: HowHeard | ''; aboutOption: string }) => void;
  errors: { about?: string | undefined; aboutOption?: string | undefined };
  isRequired?: boolean;
};

/** How the customer heard about the business, and which one when the answer has sub-options (Google, Facebook...). */
export function HowHeardFields({ label, about, aboutOption, onChange, errors, isRequired }: HowHeardFieldsProps) {
  const options: readonly string[] = about === '' ? [] : (HOW_HEARD_OPTIONS[about] ?? []);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        fullWidth
        label={label}
        required={isRequired}
        value={about}
        onChange={(event) => onChange({ about: Number(event.target.value) as HowHeard, aboutOption: '' })}
        error={Boolean(errors.about)}
        helperText={errors.about}
      >
        {HOW_HEARD_ORDER.map((code) => (
          <MenuItem key={code} value={code}>
            {HOW_HEARD[code]}
          </MenuItem>
        ))}
      </TextField>
      {options.length > 0 && (
        <TextField
          select
          fullWidth
          label="Which one?"
          value={aboutOption}
          onChange={(event) => onChange({ about, aboutOption: event.target.value })}
          error={Boolean(errors.aboutOption)}
          helperText={errors.aboutOption}
        >
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
