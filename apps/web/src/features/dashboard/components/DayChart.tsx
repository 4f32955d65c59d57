import { DASHBOARD_MESSAGES } from '@lawn/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { visuallyHiddenSx } from '../../../components/visually-hidden';
import { dayLabel } from '../day-label';

export type DayValue = { date: string; value: number };

type DayChartProps = {
  title: string;
  kind: 'bar' | 'line';
  /** What a value is, as the text alternative's column heading says it: 'New signups', 'Revenue'. */
  valueName: string;
  days: DayValue[];
  formatValue: (value: number) => string;
};

/** How either kind is drawn: for the eye only, so no legend (the title says it), animation or keyboard stops. */
const drawing = { height: 220, hideLegend: true, skipAnimation: true, disableKeyboardNavigation: true } as const;

/**
 * A chart of one figure per day. The drawing is for the eye only (hidden from assistive technology, without keyboard
 * stops of its own); the same figures are a table for screen readers, its caption the chart's title. A chart with nothing but zeros says so instead of drawing a flat line.
 */
export function DayChart({ title, kind, valueName, days, formatValue }: DayChartProps) {
  const hasData = days.some((day) => day.value !== 0);
  const labels = days.map((day) => dayLabel(day.date));
  const values = days.map((day) => day.value);
  const series = [
    { data: values, label: valueName, valueFormatter: (value: number | null) => formatValue(value ?? 0) },
  ];
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        {hasData ? (
          <>
            <Box aria-hidden sx={{ height: 220 }}>
              {kind === 'bar' ? (
                <BarChart {...drawing} xAxis={[{ scaleType: 'band', data: labels }]} series={series} />
              ) : (
                <LineChart {...drawing} xAxis={[{ scaleType: 'point', data: labels }]} series={series} />
              )}
            </Box>
            <Table size="small" sx={visuallyHiddenSx}>
              <caption>{title}</caption>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    Day
                  </TableCell>
                  <TableCell component="th" scope="col">
                    {valueName}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {days.map((day, index) => (
                  <TableRow key={day.date}>
                    <TableCell component="th" scope="row">
                      {labels[index]}
                    </TableCell>
                    <TableCell>{formatValue(day.value)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        ) : (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {DASHBOARD_MESSAGES.noData}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
