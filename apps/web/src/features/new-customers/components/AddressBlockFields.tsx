import type { AddressBlock } from '@lawn/shared';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

type AddressBlockFieldsProps = {
  title: string;
  value: AddressBlock;
  onChange: (value: AddressBlock) => void;
  /** Messages by the block's field names. */
  errors: Partial<Record<keyof AddressBlock, string>>;
};

const ADDRESS_FIELDS = [
  ['name', 'Name', 6],
  ['address', 'Address', 6],
  ['city', 'City', 4],
  ['state', 'State', 4],
  ['zipcode', 'Zip code', 4],
] as const;
const PO_BOX_FIELDS = [
  ['poBox', 'PO box', 3],
  ['poBoxCity', 'PO box city', 3],
  ['poBoxState', 'PO box state', 3],
  ['poBoxZipcode', 'PO box zip', 3],
] as const;

/** A billing or mailing address set: 'Same as service address', an address, or a PO box. */
export function AddressBlockFields({ title, value, onChange, errors }: AddressBlockFieldsProps) {
  const set = (field: keyof AddressBlock, text: string) =>
    onChange({ ...value, [field]: field.endsWith('tate') ? text.toUpperCase() : text });
  const field = ([name, label, width]: readonly [keyof AddressBlock, string, number]) => (
    <Grid key={name} size={{ xs: 12, md: width }}>
      <TextField
        label={`${title} ${label.toLowerCase()}`}
        value={value[name]}
        onChange={(event) => set(name, event.target.value)}
        error={errors[name] !== undefined}
        helperText={errors[name]}
        fullWidth
        size="small"
      />
    </Grid>
  );
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h3">
        {title} address
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={value.isSameAsService}
            onChange={(event) => onChange({ ...value, isSameAsService: event.target.checked })}
          />
        }
        label="Same as service address"
      />
      {errors.isSameAsService && <FormHelperText error>{errors.isSameAsService}</FormHelperText>}
      <Grid container spacing={2}>
        {!value.isSameAsService && ADDRESS_FIELDS.map(field)}
        {PO_BOX_FIELDS.map(field)}
      </Grid>
    </Stack>
  );
}
