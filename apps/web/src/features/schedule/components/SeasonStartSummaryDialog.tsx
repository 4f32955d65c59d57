import type { SeasonStartSummary } from '@lawn/shared';
import { WarningAmberIcon as WarningAmber } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { visuallyHiddenSx } from '../../../components/visually-hidden';
import { formatCount } from '../../../lib/format';
import { useSeasonStartSummaryQuery } from '../api/schedule-api';
import { monthDay } from './SeasonWeekGrid';

export const SUMMARY_TITLE = 'Summary Season Start';
/** What the summary says when no market has services in the season-start weeks. */
export const NO_MARKETS = 'No markets available';
export const WARNING_TEXT = 'More services than usual for this market in the season-start weeks';

/** Frequency columns in the order the server lists them (every market carries the same ones). */
export function frequencyNames(summary: readonly SeasonStartSummary[]): string[] {
  const names = new Set<string>();
  for (const week of summary) {
    for (const market of week.markets) for (const frequency of market.frecuency) names.add(frequency.name);
  }
  return [...names];
}

function SummaryTable({ summary }: { summary: readonly SeasonStartSummary[] }) {
  const frequencies = frequencyNames(summary);
  return (
    <TableContainer>
      <Table size="small" aria-label={SUMMARY_TITLE}>
        <TableHead>
          <TableRow>
            <TableCell>Week</TableCell>
            <TableCell>Market</TableCell>
            {frequencies.map((name) => (
              <TableCell key={name} align="right">
                {name}
              </TableCell>
            ))}
            <TableCell align="right">Total</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHiddenSx}>
                Warning
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {summary.map((week) =>
            week.markets.map((market, index) => {
              const amounts = new Map(market.frecuency.map((frequency) => [frequency.name, frequency.amount]));
              const total = market.frecuency.reduce((sum, frequency) => sum + frequency.amount, 0);
              return (
                <TableRow key={`${week.week}-${market.name}`} sx={market.isWarning ? warningRow : undefined}>
                  {index === 0 && (
                    <TableCell component="th" scope="rowgroup" rowSpan={week.markets.length}>
                      <Typography variant="subtitle2">Week {week.week}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {monthDay(week.start)} - {monthDay(week.end)}
                      </Typography>
                    </TableCell>
                  )}
                  <TableCell component="th" scope="row">
                    {market.name}
                  </TableCell>
                  {frequencies.map((name) => (
                    <TableCell key={name} align="right">
                      {formatCount(amounts.get(name) ?? 0)}
                    </TableCell>
                  ))}
                  <TableCell align="right">{formatCount(total)}</TableCell>
                  <TableCell>
                    {market.isWarning && <WarningAmber color="warning" titleAccess={WARNING_TEXT} />}
                  </TableCell>
                </TableRow>
              );
            }),
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

// A tint, not the full warning colour, so the counts stay readable; the shared week cell is not the market's.
const warningRow = { '& td, & th[scope="row"]': { bgcolor: 'rgba(237, 108, 2, 0.12)' } } as const;

type SeasonStartSummaryDialogProps = { year: number; isOpen: boolean; onClose: () => void };

/** Summary Season Start: per season-start week, the services per market and frequency. */
export function SeasonStartSummaryDialog({ year, isOpen, onClose }: SeasonStartSummaryDialogProps) {
  const titleId = useId();
  const summary = useSeasonStartSummaryQuery(year, isOpen);
  const hasMarkets = summary.data?.some((week) => week.markets.length > 0) ?? false;

  let content;
  if (summary.isPending) {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the summary" />
      </Box>
    );
  } else if (summary.isError) {
    content = <LoadErrorAlert subject="The summary" error={summary.error} />;
  } else if (!hasMarkets) {
    content = <Typography color="text.secondary">{NO_MARKETS}</Typography>;
  } else {
    content = <SummaryTable summary={summary.data} />;
  }

  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>
        {SUMMARY_TITLE} {year}
      </DialogTitle>
      {/* A long table scrolls inside the dialog; a keyboard user scrolls it by focusing it (WCAG 2.1.1). */}
      <DialogContent tabIndex={0} role="region" aria-labelledby={titleId}>
        {content}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
