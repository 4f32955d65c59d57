import { DASHBOARD_MESSAGES, type MarketDashboard } from '@lawn/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCount, formatMoney } from '../../../lib/format';
import { CapacityBars } from './CapacityBars';
import { DayChart } from './DayChart';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
    </div>
  );
}

/** The side panel: the market's totals and where its crews start from. */
function MarketSummary({ market }: { market: MarketDashboard }) {
  const { depot } = market;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {market.name} at a glance
        </Typography>
        <Stack spacing={2}>
          <Figure label="Active customers" value={formatCount(market.totalActiveCustomer.count)} />
          <Figure label="Scheduled today" value={formatCount(market.totalScheduleNow.count)} />
          <Figure
            label={`Signups this week (week ${market.weeklySignups.week})`}
            value={formatCount(market.weeklySignups.count)}
          />
          <Figure label="Revenue today" value={formatMoney(market.dailyRevenue.amount)} />
          <div>
            <Typography variant="body2" color="text.secondary">
              Depot
            </Typography>
            {depot ? (
              <>
                <Typography>{depot.address}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {depot.lat.toFixed(5)}, {depot.lng.toFixed(5)}
                </Typography>
              </>
            ) : (
              <Typography>{DASHBOARD_MESSAGES.noCoordinates}</Typography>
            )}
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One market's charts and figures, each day a day of the market's own time zone. */
export function MarketFigures({ market }: { market: MarketDashboard }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 6 }}>
            <DayChart
              title="New signups per day"
              kind="bar"
              valueName="New signups"
              days={market.dayNewSignups.map((day) => ({ date: day.date, value: day.count }))}
              formatValue={formatCount}
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <DayChart
              title={`Revenue over week ${market.overWeekRevenue.currentWeek}`}
              kind="line"
              valueName="Revenue"
              days={market.overWeekRevenue.days.map((day) => ({ date: day.date, value: day.amount }))}
              formatValue={formatMoney}
            />
          </Grid>
          <Grid size={12}>
            <CapacityBars days={market.mowingCapacity} />
          </Grid>
        </Grid>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <MarketSummary market={market} />
      </Grid>
    </Grid>
  );
}
