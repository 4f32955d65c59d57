import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HowHeardFields } from '../../../components/HowHeardFields';
import { ServiceAddressForm } from '../../../components/service-address/ServiceAddressForm';
import { errorMessage } from '../../../lib/error-message';
import { useCsrUsersQuery, usePropertyDataMutation } from '../api/new-customers-api';
import type { StepProps } from '../wizard-values';

/**
 * Step 2, Your location: the service address (the shared address form), the CSR, how the customer heard of us, and the
 * county's record of the property (owner, lot size, value), whose lot size pre-fills the lot.
 */
export function LocationStep({ values, errors, onChange }: StepProps) {
  const csrs = useCsrUsersQuery();
  const propertyData = usePropertyDataMutation();

  const lookUpProperty = () =>
    propertyData.mutate(
      { address: values.address.serviceAddress, zipcode: values.address.zipcode },
      {
        onSuccess: (data) =>
          onChange({
            owner: data.owner ?? '',
            propertyValue: data.pvalue,
            ...(data.size === null ? {} : { lotSize: data.size }),
          }),
      },
    );

  return (
    <Stack spacing={3}>
      <ServiceAddressForm
        value={values.address}
        onChange={(address) => onChange({ address })}
        errors={{
          serviceAddress: errors['serviceAddress'],
          city: errors['city'],
          state: errors['state'],
          market: errors['marketId'],
        }}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            select
            label="CSR"
            value={values.csrUserId}
            onChange={(event) => onChange({ csrUserId: Number(event.target.value) })}
            error={errors['csrUserId'] !== undefined}
            helperText={errors['csrUserId'] ?? (csrs.isError ? errorMessage(csrs.error) : undefined)}
            required
            fullWidth
          >
            {(csrs.data ?? []).map((user) => (
              <MenuItem key={user.id} value={user.id}>
                {user.fullName}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <HowHeardFields
            label="How did they hear about us?"
            about={values.about}
            aboutOption={values.aboutOption}
            onChange={onChange}
            errors={{ about: errors['about'], aboutOption: errors['aboutOption'] }}
            isRequired
          />
        </Grid>
      </Grid>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Button
          variant="outlined"
          onClick={lookUpProperty}
          disabled={
            values.address.serviceAddress === '' || values.address.zipcode.length !== 5 || propertyData.isPending
          }
        >
          Look up property data
        </Button>
        <TextField
          label="Lot size (sq ft)"
          value={values.lotSize}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '');
            onChange({ lotSize: digits === '' ? '' : Number(digits) });
          }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
          error={errors['lotSize'] !== undefined}
          helperText={errors['lotSize']}
          required
        />
        {(values.owner || values.propertyValue !== null) && (
          <Typography variant="body2">
            Owner: {values.owner || 'unknown'} · Value:{' '}
            {values.propertyValue === null ? 'unknown' : `$${values.propertyValue.toLocaleString('en-US')}`}
          </Typography>
        )}
      </Stack>
      {propertyData.isError && <Alert severity="info">{errorMessage(propertyData.error)}</Alert>}
    </Stack>
  );
}
