import { BUSINESS_TIME_ZONE } from '@lawn/shared';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCallback, useState, type ReactNode } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { PendingButton } from '../../../components/PendingButton';
import { RefreshIcon } from '../../../components/icons';
import { selectUser, useAppState } from '../../../lib/app-store';
import { formatTime } from '../../../lib/dates';
import { useDashboardQuery } from '../api/dashboard-api';
import { MarketFigures } from '../components/MarketFigures';
import { partOfDay } from '../part-of-day';
import { useHourlyRefresh } from '../use-hourly-refresh';

/**
 * The analytics dashboard, every office user's landing page: a tab per market with its charts and figures, read again
 * when the hour turns and on Refresh. `actions` are the buttons the page that composes it puts under the greeting
 * (Lookup, Create customer).
 */
export function DashboardPage({ actions }: { actions?: ReactNode }) {
  const user = useAppState(selectUser);
  const dashboard = useDashboardQuery();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const { refetch } = dashboard;
  const refresh = useCallback(() => void refetch(), [refetch]);
  useHourlyRefresh(refresh);

  const markets = dashboard.data?.data ?? [];
  const market = markets.find((item) => item.id === chosenId) ?? markets[0];
  const timeZone = market?.timeZone ?? BUSINESS_TIME_ZONE;
  const generatedAt = dashboard.data ? new Date(dashboard.data.generatedAt) : new Date();
  const greeting = partOfDay(generatedAt, timeZone);

  return (
    <Stack spacing={3} sx={{ maxWidth: 1400 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <div>
          <Typography variant="h4" component="h2" gutterBottom>
            Good {greeting}, {user.firstName || 'there'}
          </Typography>
          {actions && (
            <Stack direction="row" spacing={1}>
              {actions}
            </Stack>
          )}
        </div>
        <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
          <PendingButton
            variant="outlined"
            color="secondary"
            startIcon={<RefreshIcon aria-hidden />}
            isPending={dashboard.isFetching}
            onClick={refresh}
          >
            Refresh
          </PendingButton>
          {dashboard.data && (
            <Typography variant="body2" color="text.secondary">
              Updated at {formatTime(generatedAt, timeZone)}
            </Typography>
          )}
        </Stack>
      </Stack>

      {dashboard.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the dashboard" />
        </Box>
      ) : dashboard.isError && !dashboard.data ? (
        <LoadErrorAlert error={dashboard.error} subject="The dashboard" onRetry={refresh} />
      ) : !market ? (
        <Typography color="text.secondary">No markets available</Typography>
      ) : (
        <div>
          <Tabs
            value={market.id}
            onChange={(_, id: number) => setChosenId(id)}
            aria-label="Markets"
            variant="scrollable"
            textColor="secondary"
            indicatorColor="secondary"
            sx={{ mb: 2 }}
          >
            {markets.map((item) => (
              <Tab
                key={item.id}
                value={item.id}
                label={item.name}
                id={`market-tab-${item.id}`}
                aria-controls="market-panel"
              />
            ))}
          </Tabs>
          <div role="tabpanel" id="market-panel" aria-labelledby={`market-tab-${market.id}`}>
            <MarketFigures market={market} />
          </div>
        </div>
      )}
    </Stack>
  );
}
