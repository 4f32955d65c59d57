import { PRICING_MESSAGES } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import {
  EMPTY_SERVICE_ADDRESS,
  type PlaceChange,
  type ServiceAddressValue,
} from '../../../components/service-address/service-address';
import { SectionCard } from '../../../components/SectionCard';
import { ServiceAddressForm } from '../../../components/service-address/ServiceAddressForm';
import { useNotify } from '../../../components/notifier-context';
import { useMarketsQuery, usePriceTableQuery, type TableChoice } from '../api/pricing-api';
import { EditTierDialog } from '../components/EditTierDialog';
import { PriceCalculator } from '../components/PriceCalculator';
import { PriceHistory } from '../components/PriceHistory';
import { PriceTierTable } from '../components/PriceTierTable';

export const DEFAULT_TABLE_LABEL = 'Default table';

/**
 * The Prices screen (Admin and Manager): the lot-size tiers and prices of the default table or of a market, edited
 * tier by tier, their change history, and a price calculator on the table shown.
 */
export function PricesPage() {
  const notify = useNotify();
  const [choice, setChoice] = useState<TableChoice>('default');
  const [editing, setEditing] = useState<number | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [address, setAddress] = useState<ServiceAddressValue>(EMPTY_SERVICE_ADDRESS);
  const markets = useMarketsQuery();
  const table = usePriceTableQuery(choice);
  const market = choice === 'default' ? undefined : markets.data?.find((candidate) => candidate.id === choice);

  const choose = (next: TableChoice) => {
    setChoice(next);
    setConflict(null);
  };
  // An address prices with the table and tax rate of the market whose zone holds its zip.
  const priceAt = (place: PlaceChange) => {
    if (place.marketId !== null) choose(place.marketId);
  };

  let content;
  if (table.error) {
    content = <LoadErrorAlert subject="The prices" error={table.error} onRetry={() => void table.refetch()} />;
  } else if (!table.data) {
    content = <CircularProgress aria-label="Loading the prices" />;
  } else if (table.data.data.length === 0) {
    content = <Typography color="text.secondary">This table has no lot sizes.</Typography>;
  } else {
    content = <PriceTierTable tiers={table.data.data} isEditable={!table.isFetching} onEdit={setEditing} />;
  }

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <TextField
          select
          size="small"
          label="Market"
          value={String(choice)}
          onChange={(event) => choose(event.target.value === 'default' ? 'default' : Number(event.target.value))}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="default">{DEFAULT_TABLE_LABEL}</MenuItem>
          {(markets.data ?? []).map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
        {table.data && !table.isPlaceholderData && choice !== 'default' && (
          <Chip variant="outlined" label={table.data.usesDefault ? 'Uses the default table' : 'Has its own prices'} />
        )}
        {markets.error && (
          <LoadErrorAlert subject="The markets" error={markets.error} onRetry={() => void markets.refetch()} />
        )}
      </Stack>
      {table.data?.usesDefault && !table.isPlaceholderData && (
        <Typography variant="body2" color="text.secondary">
          Saving a change gives {market?.name ?? 'this market'} its own prices; the default table stays as it is.
        </Typography>
      )}
      {conflict && (
        <Alert severity="warning" onClose={() => setConflict(null)}>
          {conflict}
        </Alert>
      )}
      <SectionCard title="Lot sizes and prices">{content}</SectionCard>
      <SectionCard title="Price calculator">
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              Type an address or its zip code to price it with its market&apos;s table and tax rate.
            </Typography>
            <ServiceAddressForm value={address} onChange={setAddress} onPlaceChange={priceAt} />
          </Stack>
          {table.data ? (
            <PriceCalculator tiers={table.data.data} taxRate={market?.taxRate ?? 0} />
          ) : (
            <CircularProgress aria-label="Loading the calculator" />
          )}
        </Box>
      </SectionCard>
      <SectionCard title="Change history">
        <PriceHistory key={String(choice)} choice={choice} />
      </SectionCard>
      {editing !== null && table.data && (
        <EditTierDialog
          choice={choice}
          table={table.data}
          index={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setConflict(null);
            notify(PRICING_MESSAGES.saved, 'success');
          }}
          onConflict={(message) => {
            setEditing(null);
            setConflict(message);
            void table.refetch();
          }}
        />
      )}
    </Stack>
  );
}
