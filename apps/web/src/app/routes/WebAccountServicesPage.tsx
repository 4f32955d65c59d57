import { PAYMENT_MESSAGES } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { CompletedServicesPanel } from '../../features/completed-services/components/CompletedServicesPanel';
import { usePaymentPropertiesQuery } from '../../features/payments/api/payments-api';

/**
 * The customer's proof of service: their properties (a choice when there are several), and the chosen one's visits a
 * crew checked out of, with their photos.
 */
export function WebAccountServicesPage() {
  const properties = usePaymentPropertiesQuery('customer', null);
  const [chosenId, setChosenId] = useState<number | null>(null);

  let content;
  if (properties.isPending) content = <PageLoader label="Loading the properties" />;
  else if (properties.isError) {
    content = (
      <LoadErrorAlert subject="The properties" error={properties.error} onRetry={() => void properties.refetch()} />
    );
  } else {
    const selected = properties.data.find((property) => property.id === chosenId) ?? properties.data[0];
    content = selected ? (
      <>
        {properties.data.length > 1 ? (
          <TextField
            select
            label="Service address"
            value={selected.id}
            onChange={(event) => setChosenId(Number(event.target.value))}
            sx={{ maxWidth: 480 }}
          >
            {properties.data.map((property) => (
              <MenuItem key={property.id} value={property.id}>
                {property.streetAddress}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Typography variant="subtitle1">{selected.streetAddress}</Typography>
        )}
        {/* Keyed by property, so another address starts at its first page. */}
        <CompletedServicesPanel key={selected.id} source={{ audience: 'customer', propertyId: selected.id }} />
      </>
    ) : (
      <Alert severity="info">{PAYMENT_MESSAGES.noProperties}</Alert>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Services
      </Typography>
      {content}
    </Stack>
  );
}
