import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EMPTY_SERVICE_ADDRESS, type ServiceAddressValue } from '../../../components/service-address/service-address';
import { ServiceAddressForm } from '../../../components/service-address/ServiceAddressForm';
import { formatPercent, formatPhone } from '../../../lib/format';

/**
 * "Check an address": the service-address form on its own, to answer a caller at once which market serves an
 * address, what its zone does not cover, the tax rate and the market office's phone.
 */
export function AddressCheckPanel() {
  const [address, setAddress] = useState<ServiceAddressValue>(EMPTY_SERVICE_ADDRESS);
  const { marketName, taxRate, phoneMarket } = address;
  return (
    <Paper component="section" aria-labelledby="address-check-title" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <div>
          <Typography id="address-check-title" variant="h6" component="h2">
            Check an address
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Type the address or its zip code to see the market that serves it, the zone’s exceptions and the tax rate.
          </Typography>
        </div>
        <ServiceAddressForm value={address} onChange={setAddress} />
        {marketName !== '' && (
          <Typography role="status">
            Served by the {marketName} market at {formatPercent(taxRate)} tax
            {phoneMarket ? `; market office ${formatPhone(phoneMarket)}` : ''}.
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
