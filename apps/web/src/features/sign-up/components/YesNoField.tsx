import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';

type YesNoFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The answers offered, by value (default Yes and No). */
  choices?: Record<string, string>;
};

const YES_NO_CHOICES = { Yes: 'Yes', No: 'No' };

/** One question of the sign-up answered by a choice (Yes or No, unless other answers are given). */
export function YesNoField({ label, value, onChange, error, choices = YES_NO_CHOICES }: YesNoFieldProps) {
  const labelId = useId();
  const helperId = useId();
  return (
    <FormControl error={Boolean(error)}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        aria-describedby={error ? helperId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {Object.entries(choices).map(([choice, text]) => (
          <FormControlLabel key={choice} value={choice} control={<Radio />} label={text} />
        ))}
      </RadioGroup>
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
