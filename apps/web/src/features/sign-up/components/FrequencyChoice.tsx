import { FREQUENCIES, type Frequency } from '@lawn/shared';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';

type FrequencyChoiceProps = { value: Frequency; onChange: (frequency: Frequency) => void; label?: string };

/** Weekly, Bi-Weekly, 3-Weekly or the Drought Schedule. */
export function FrequencyChoice({ value, onChange, label = 'Choose a frequency' }: FrequencyChoiceProps) {
  const labelId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(Number(event.target.value) as Frequency)}
      >
        {Object.entries(FREQUENCIES).map(([code, name]) => (
          <FormControlLabel key={code} value={Number(code)} control={<Radio />} label={name} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
