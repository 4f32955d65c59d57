import { HOW_HEARD, HOW_HEARD_OPTIONS, HOW_HEARD_ORDER, type HowHeard } from '@lawn/shared';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

/** What the fields offer: the sources in their order, and each source's options. */
export type HowHeardChoices = {
  sources: readonly { code: HowHeard; name: string }[];
  optionsOf: (source: HowHeard) => readonly string[];
};

/** The choices as the shared constants write them (the public pages cannot read the office's pick lists). */
const CONSTANT_CHOICES: HowHeardChoices = {
  sources: HOW_HEARD_ORDER.map((code) => ({ code, name: HOW_HEARD[code] })),
  optionsOf: (source) => HOW_HEARD_OPTIONS[source] ?? [],
};

type HowHeardFieldsProps = {
  /** The question as the page asks it ('How did you hear about us?' to a customer). */
  label: string;
  about: HowHeard | '';
  aboutOption: string;
  onChange: (change: { about: HowHeard | ''; aboutOption: string }) => void;
  errors: { about?: string | undefined; aboutOption?: string | undefined };
  isRequired?: boolean;
  /** The choices offered, e.g. the pick lists' (default: the shared constants). */
  choices?: HowHeardChoices;
};

/** How the customer heard about the business, and which one when the answer has sub-options (Google, Facebook...). */
export function HowHeardFields({
  label,
  about,
  aboutOption,
  onChange,
  errors,
  isRequired,
  choices = CONSTANT_CHOICES,
}: HowHeardFieldsProps) {
  const options = about === '' ? [] : choices.optionsOf(about);
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
        {choices.sources.map((source) => (
          <MenuItem key={source.code} value={source.code}>
            {source.name}
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
