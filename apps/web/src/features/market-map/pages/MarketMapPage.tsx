import {
  calendarDateIn,
  MARKET_MAP_MAX_DATE,
  MARKET_MAP_MESSAGES,
  marketMapFilterSchema,
  MAP_SEARCH_MAX,
  MAP_STOP_DETAILS_MAX,
  nextBusinessDay,
  type CrewAssignAction,
} from '@lawn/shared';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { FormTextField } from '../../../components/FormTextField';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { PendingButton } from '../../../components/PendingButton';
import { useNotify } from '../../../components/notifier-context';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  useMapStopsQuery,
  useMarketsQuery,
  useOrderRouteMutation,
  useStopDetailsQuery,
  type StopsFilter,
} from '../api/market-map-api';
import { CrewAssignForm } from '../components/CrewAssignForm';
import { StopList } from '../components/StopList';
import { StopsMap } from '../components/StopsMap';
import { nextSelection } from '../selection';

const NO_SELECTION: ReadonlySet<number> = new Set();
const NO_STOPS: never[] = [];
/** How long the address search waits for typing to pause before it asks the server. */
const SEARCH_DELAY_MS = 250;
const km = (value: number) => `${value.toFixed(1)} km`;

/**
 * Market Map (/market-map): a market's properties serviced on a day (the next business day unless chosen) on a map
 * and in a list, one crew's or every crew's. The office selects stops (one at a time, or several with multi-select),
 * assigns them to a crew or unassigns them, and orders a crew's route of the day from the market's depot and back.
 */
export function MarketMapPage() {
  const notify = useNotify();
  const [today] = useState(() => calendarDateIn(new Date()));
  const schema = useMemo(() => marketMapFilterSchema(today), [today]);
  const form = useSchemaForm(schema, {
    mode: 'onChange',
    defaultValues: { marketId: '', date: nextBusinessDay(today), crew: '' },
  });
  const markets = useMarketsQuery();
  const values = form.watch();
  const firstMarketId = markets.data?.[0]?.id;
  useEffect(() => {
    if (firstMarketId !== undefined && form.getValues('marketId') === '') form.setValue('marketId', firstMarketId);
  }, [firstMarketId, form]);

  const checked = schema.safeParse(values);
  const filter: StopsFilter | null = checked.success
    ? {
        marketId: checked.data.marketId,
        date: checked.data.date,
        crew: checked.data.crew === '' ? null : Number(checked.data.crew),
      }
    : null;
  const [search, setSearch] = useState('');
  const stops = useMapStopsQuery(filter, useDebouncedValue(search, SEARCH_DELAY_MS));
  const [isMulti, setIsMulti] = useState(true);
  const shown = stops.data?.stops ?? NO_STOPS;
  // The list shows the first stops, and only those are read with their customer and address.
  const listed = useMemo(() => shown.slice(0, MAP_STOP_DETAILS_MAX), [shown]);
  const listedIds = useMemo(() => listed.map((stop) => stop.propertyId), [listed]);
  const details = useStopDetailsQuery(filter?.marketId ?? null, listedIds);
  const detailsById = useMemo(
    () => new Map((details.data ?? []).map((detail) => [detail.propertyId, detail])),
    [details.data],
  );
  const order = useOrderRouteMutation();

  // A selection belongs to the stops it was made on: another market, day or crew starts with none.
  const filterKey = JSON.stringify(filter);
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<number> }>({ key: '', ids: new Set() });
  const selected = selection.key === filterKey ? selection.ids : NO_SELECTION;
  const clickStop = (id: number) => setSelection({ key: filterKey, ids: nextSelection(selected, id, isMulti) });
  const onAssigned = (action: CrewAssignAction, changed: number) => {
    setSelection({ key: filterKey, ids: NO_SELECTION });
    notify(
      `${changed} ${changed === 1 ? 'customer' : 'customers'} ${action === 'assign' ? 'assigned' : 'unassigned'}`,
      'success',
    );
  };
  const orderRoute = async () => {
    if (!filter || filter.crew === null) return;
    const result = await order.mutateAsync({ marketId: filter.marketId, date: filter.date, crew: filter.crew });
    notify(`Route ordered: ${km(result.distanceKm)} instead of ${km(result.unorderedDistanceKm)}`, 'success');
  };

  if (markets.isError) {
    return <LoadErrorAlert subject="The markets" error={markets.error} onRetry={() => void markets.refetch()} />;
  }
  const data = stops.data;
  return (
    <Stack spacing={2}>
      <Stack component="form" noValidate aria-label="Stops to show" direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <FormTextField control={form.control} name="marketId" label="Market" select size="small" sx={{ minWidth: 200 }}>
          {(markets.data ?? []).map((market) => (
            <MenuItem key={market.id} value={market.id}>
              {market.name}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={form.control}
          name="date"
          label="Date"
          type="date"
          size="small"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today, max: MARKET_MAP_MAX_DATE } }}
        />
        <FormTextField
          control={form.control}
          name="crew"
          label="Crew filter"
          size="small"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
        <TextField
          label="Search address"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ htmlInput: { maxLength: MAP_SEARCH_MAX } }}
          sx={{ minWidth: 220 }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography component="p" variant="subtitle1">
          Total customers: {data?.total ?? 0}
        </Typography>
        <FormControlLabel
          control={<Switch checked={isMulti} onChange={(event) => setIsMulti(event.target.checked)} />}
          label="Multi-select"
        />
        {filter !== null && filter.crew !== null && (
          <PendingButton variant="outlined" isPending={order.isPending} onClick={() => void orderRoute()}>
            Order route of crew {filter.crew}
          </PendingButton>
        )}
      </Stack>
      {filter && <CrewAssignForm marketId={filter.marketId} selected={selected} onDone={onAssigned} />}
      {stops.isError && <LoadErrorAlert subject="The stops" error={stops.error} onRetry={() => void stops.refetch()} />}
      {details.isError && (
        <LoadErrorAlert subject="The stops’ addresses" error={details.error} onRetry={() => void details.refetch()} />
      )}
      {(markets.isPending || (filter !== null && stops.isPending)) && (
        <CircularProgress aria-label="Loading the stops" sx={{ alignSelf: 'center' }} />
      )}
      {data && shown.length === 0 && <Typography>{MARKET_MAP_MESSAGES.noResults}</Typography>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <StopsMap
            stops={shown}
            details={detailsById}
            selected={selected}
            onClickStop={clickStop}
            depot={data?.depot ?? null}
            isRouteShown={filter !== null && filter.crew !== null}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <StopList
            shown={listed}
            total={shown.length}
            details={detailsById}
            selected={selected}
            onClickStop={clickStop}
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
