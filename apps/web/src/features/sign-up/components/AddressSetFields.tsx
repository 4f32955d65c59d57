import { ADDRESS_STATE_CODES, SIGN_UP_MESSAGES as M } from '@lawn/shared';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AddressSet, SignUpState } from '../sign-up-state';

type AddressSetFieldsProps = {
  title: string;
  value: AddressSet;
  service: Pick<SignUpState, 'serviceAddress' | 'city' | 'zipcode' | 'state'>;
  onChange: (value: AddressSet) => void;
  errors: Partial<Record<keyof AddressSet, string>>;
};

/**
 * A billing or mailing address: 'Same as Service Address' copies the service address, zip, city and state into it;
 * unticking clears it.
 */
export function AddressSetFields({ title, value, service, onChange, errors }: AddressSetFieldsProps) {
  const setSame = (isSameAsService: boolean) =>
    onChange(
      isSameAsService
        ? {
            isSameAsService,
            address: service.serviceAddress,
            city: service.city,
            zipcode: service.zipcode,
            state: service.state,
          }
        : { isSameAsService, address: '', city: '', zipcode: '', state: '' },
    );
  const field = (name: 'address' | 'city' | 'zipcode', label: string, extra = {}) => (
    <TextField
      label={label}
      value={value[name]}
      onChange={(event) => onChange({ ...value, [name]: event.target.value })}
      disabled={value.isSameAsService}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      required
      fullWidth
      {...extra}
    />
  );
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h6">
        {title}
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={value.isSameAsService} onChange={(event) => setSame(event.target.checked)} />}
        label={M.sameAsService}
      />
      {field('address', 'Address', { slotProps: { htmlInput: { maxLength: 255 } } })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('city', 'City', { slotProps: { htmlInput: { maxLength: 100 } } })}
        {field('zipcode', 'Zip', { slotProps: { htmlInput: { maxLength: 5, inputMode: 'numeric' } } })}
        <TextField
          select
          label="State"
          value={value.state}
          onChange={(event) => onChange({ ...value, state: event.target.value })}
          disabled={value.isSameAsService}
          error={Boolean(errors.state)}
          helperText={errors.state}
          required
          fullWidth
        >
          {ADDRESS_STATE_CODES.map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Stack>
  );
}
