import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { usePlaceLookups } from '../../../components/service-address/places-api';
import { withServiceArea, withoutServiceArea } from '../../../components/service-address/service-address';
import { errorMessage } from '../../../lib/error-message';
import type { StepProps } from '../wizard-values';

/**
 * Step 1, Service area: the two confirmations and the zip code, looked up on Enter or at its fifth digit; a zip no
 * zone serves shows the server's message under the field.
 */
export function ServiceAreaStep({ values, errors, onChange }: StepProps) {
  const lookups = usePlaceLookups();
  const [lookupError, setLookupError] = useState<string | null>(null);
  const { address } = values;

  const lookUp = async (zipcode: string) => {
    try {
      const area = await lookups.serviceArea(zipcode);
      setLookupError(null);
      onChange({ isZipValid: true, address: withServiceArea({ ...address, zipcode }, area) });
    } catch (error) {
      setLookupError(errorMessage(error));
      onChange({ isZipValid: false, address: withoutServiceArea({ ...address, zipcode }) });
    }
  };

  const zipError = lookupError ?? errors['zipcode'];
  return (
    <Stack spacing={2} sx={{ maxWidth: 520 }}>
      {(['useServiceHousesOccupied', 'useServiceHousesScheduled'] as const).map((field) => (
        <FormControl key={field} error={errors[field] !== undefined}>
          <FormControlLabel
            control={
              <Checkbox checked={values[field]} onChange={(event) => onChange({ [field]: event.target.checked })} />
            }
            label={
              field === 'useServiceHousesOccupied'
                ? 'The house is occupied'
                : 'The customer wants scheduled service (not a one-time mow)'
            }
          />
          {errors[field] && <FormHelperText>{errors[field]}</FormHelperText>}
        </FormControl>
      ))}
      <TextField
        label="Zip code"
        value={address.zipcode}
        required
        onChange={(event) => {
          const zipcode = event.target.value.replace(/\D/g, '').slice(0, 5);
          onChange({ isZipValid: false, address: { ...address, zipcode } });
          setLookupError(null);
          if (zipcode.length === 5) void lookUp(zipcode);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void lookUp(address.zipcode);
        }}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        error={zipError !== undefined}
        helperText={zipError}
      />
      {values.isZipValid && (
        <Alert severity="success">
          {address.marketName} serves {address.zipcode}
          {address.exceptions ? `. Not covered: ${address.exceptions}` : ''}
        </Alert>
      )}
    </Stack>
  );
}
