import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';

/** One answer offered: its value and what it says. */
type Choice<T> = readonly [value: T, label: string];

/** Yes and No as true and false (the staff wizard's questions). */
export const YES_NO_BOOLEAN: readonly Choice<boolean>[] = [
  [true, 'Yes'],
  [false, 'No'],
];

/** Yes and No as the words themselves (the public sign-up's questions). */
export const YES_NO_WORDS: readonly Choice<'Yes' | 'No'>[] = [
  ['Yes', 'Yes'],
  ['No', 'No'],
];

type YesNoFieldProps<T extends string | boolean> = {
  label: string;
  /** The chosen answer; null or '' while unanswered. */
  value: T | null | '';
  onChange: (value: T) => void;
  error?: string | undefined;
  /** The answers offered, in order: `YES_NO_BOOLEAN`, `YES_NO_WORDS`, or the question's own. */
  choices: readonly Choice<T>[];
};

/** A question answered by one choice (Yes or No unless other answers are given), unanswered until one is chosen. */
export function YesNoField<T extends string | boolean>({ label, value, onChange, error, choices }: YesNoFieldProps<T>) {
  const labelId = useId();
  const helperId = useId();
  return (
    <FormControl error={Boolean(error)}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        aria-describedby={error ? helperId : undefined}
        value={value === null ? '' : String(value)}
        onChange={(event) => {
          const chosen = choices.find(([choice]) => String(choice) === event.target.value);
          if (chosen) onChange(chosen[0]);
        }}
      >
        {choices.map(([choice, text]) => (
          <FormControlLabel key={String(choice)} value={String(choice)} control={<Radio />} label={text} />
        ))}
      </RadioGroup>
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
