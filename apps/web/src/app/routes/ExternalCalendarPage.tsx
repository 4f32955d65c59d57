import { APP_PATHS, EXTERNAL_MESSAGES, type ExternalAccount } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ScheduleCalendar } from '../../features/calendar/components/ScheduleCalendar';
import { useExternalCalendarQuery } from '../../features/external/api/external-api';
import { ExternalAccountSummary } from '../../features/external/components/ExternalAccountSummary';
import { ExternalPaymentsTable } from '../../features/external/components/ExternalPaymentsTable';
import { ExternalVisits } from '../../features/external/components/ExternalVisits';
import { readExternalCalendarState } from '../../features/external/external-session';

/**
 * /external-calendar: the properties a phone look-up found, one at a time: its account number, weekday
 * and price per service, year tabs, the read-only calendar and its payments. The properties and their tokens travel
 * in the navigation state; without them the page goes back to the phone look-up.
 */
export function ExternalCalendarPage() {
  const location = useLocation();
  const state = readExternalCalendarState(location.state);
  if (!state) return <Navigate to={APP_PATHS.externalSearchPhone} replace />;
  return <ExternalCalendar accounts={state.accounts} />;
}

function ExternalCalendar({ accounts }: { accounts: ExternalAccount[] }) {
  const [propertyId, setPropertyId] = useState(accounts[0]?.propertyId);
  const selected = accounts.find((account) => account.propertyId === propertyId) ?? accounts[0];
  if (!selected) return null;
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        Your mowing schedule
      </Typography>
      <ExternalAccountSummary accounts={accounts} selected={selected} onSelect={setPropertyId} />
      {selected.accessToken ? (
        // Keyed by property, so another address starts at its own default year and first page.
        <PropertyCalendar key={selected.propertyId} token={selected.accessToken} />
      ) : (
        <Alert severity="error">{EXTERNAL_MESSAGES.tokenMissing}</Alert>
      )}
    </Stack>
  );
}

function PropertyCalendar({ token }: { token: string }) {
  const [year, setYear] = useState<number | null>(null);
  const calendar = useExternalCalendarQuery(token, year);
  const shownYear = calendar.data?.year;
  const years = calendar.data?.years ?? [];

  return (
    <Stack spacing={3}>
      {shownYear !== undefined && years.length > 0 && (
        <Tabs
          value={shownYear}
          onChange={(_event, next: number) => setYear(next)}
          aria-label="Calendar years"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {years.map((option) => (
            <Tab key={option} value={option} label={`Calendar ${option}`} />
          ))}
        </Tabs>
      )}
      <ScheduleCalendar
        variant="external"
        calendar={calendar.data}
        year={shownYear}
        filter="all"
        isRefreshing={calendar.isPlaceholderData && calendar.isFetching}
        error={calendar.isError ? calendar.error : undefined}
        onRetry={() => void calendar.refetch()}
        onYearChange={setYear}
      />
      {calendar.data && <ExternalVisits token={token} visits={calendar.data.visits} />}
      <Stack spacing={1.5} component="section" aria-labelledby="external-payments-heading">
        <Typography id="external-payments-heading" variant="h6" component="h2">
          Payments
        </Typography>
        <ExternalPaymentsTable token={token} />
      </Stack>
    </Stack>
  );
}
