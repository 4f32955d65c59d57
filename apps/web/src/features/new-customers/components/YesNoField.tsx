import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import type { Answer } from '../wizard-values';

type YesNoFieldProps = {
  label: string;
  value: Answer;
  onChange: (value: boolean) => void;
  error?: string | undefined;
  /** Said beside Yes, e.g. what answering Yes costs. */
  yesHint?: string;
};

/** A required Yes/No question: unanswered until one is chosen. */
export function YesNoField({ label, value, onChange, error, yesHint }: YesNoFieldProps) {
  const id = useId();
  return (
    <FormControl error={error !== undefined}>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={id}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === 'true')}
      >
        <FormControlLabel value="true" control={<Radio />} label={yesHint ? `Yes (${yesHint})` : 'Yes'} />
        <FormControlLabel value="false" control={<Radio />} label="No" />
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
