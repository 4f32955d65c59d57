import { MOW_DAYS, type ExternalAccount } from '@lawn/shared';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../lib/format';

type ExternalAccountSummaryProps = {
  accounts: readonly ExternalAccount[];
  selected: ExternalAccount;
  onSelect: (propertyId: number) => void;
};

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography variant="caption" component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </div>
  );
}

/**
 * Which property is shown: an address select when the phone has several, the address alone otherwise; then its
 * account number, mow weekday and price per service.
 */
export function ExternalAccountSummary({ accounts, selected, onSelect }: ExternalAccountSummaryProps) {
  return (
    <Stack spacing={2}>
      {accounts.length > 1 ? (
        <TextField
          select
          label="Service address"
          value={selected.propertyId}
          onChange={(event) => onSelect(Number(event.target.value))}
          sx={{ maxWidth: 480 }}
        >
          {accounts.map((account) => (
            <MenuItem key={account.propertyId} value={account.propertyId}>
              {account.serviceAddress}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Typography variant="subtitle1">{selected.serviceAddress}</Typography>
      )}
      <Stack component="dl" direction="row" useFlexGap spacing={4} sx={{ m: 0, flexWrap: 'wrap' }}>
        <Detail label="Account number" value={selected.accountNumber} />
        <Detail label="Weekday" value={MOW_DAYS[selected.weekDay as keyof typeof MOW_DAYS] ?? ''} />
        <Detail label="Price per service" value={formatMoney(selected.costService)} />
      </Stack>
    </Stack>
  );
}
