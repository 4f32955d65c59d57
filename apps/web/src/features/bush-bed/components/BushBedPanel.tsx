import { BUSH_BED_PRICE_NOTE, type BushBedWeek } from '@lawn/shared';
import { AddIcon as Add } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useBushBedCalendarQuery, useBushBedServicesQuery } from '../api/bush-bed-api';
import { BushBedCalendar } from './BushBedCalendar';
import { BushBedDialog, type BushBedOpening } from './BushBedDialog';
import { BushBedServicesTable } from './BushBedServicesTable';

/**
 * The record's bush-and-bed work: the price note, the services with Add service, and the bush-and-bed calendar.
 * Choosing a week of the calendar opens its service, or a new one on that week.
 */
export function BushBedPanel({ customerId }: { customerId: number }) {
  const services = useBushBedServicesQuery(customerId);
  const [year, setYear] = useState<number | null>(null);
  // The year the calendar shows (the server's default until the arrows move it): where a new service goes.
  const shownYear = useBushBedCalendarQuery(customerId, year).data?.year;
  const [opening, setOpening] = useState<BushBedOpening | null>(null);
  // The modal opens on a service as the list has it, for its version.
  const [openings, setOpenings] = useState(0);

  const open = (next: BushBedOpening) => {
    setOpenings((count) => count + 1);
    setOpening(next);
  };

  const chooseWeek = (week: BushBedWeek) => {
    const service = week.bbId === null ? undefined : services.data?.find((item) => item.id === week.bbId);
    open(service ? { service } : { year: week.selectYear, weekNumber: week.selectWeek });
  };

  return (
    <Stack spacing={2}>
      <Alert severity="info">Bush and bed: {BUSH_BED_PRICE_NOTE}.</Alert>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography component="h3" variant="h6">
          Bush-and-bed services
        </Typography>
        <Button
          variant="contained"
          color="secondary"
          startIcon={<Add />}
          disabled={shownYear === undefined}
          onClick={() => shownYear !== undefined && open({ year: shownYear, weekNumber: '' })}
        >
          Add service
        </Button>
      </Box>
      <BushBedServicesTable customerId={customerId} onEdit={(service) => open({ service })} />
      <BushBedCalendar customerId={customerId} year={year} onYearChange={setYear} onChooseWeek={chooseWeek} />
      {opening && (
        <BushBedDialog key={openings} customerId={customerId} opening={opening} onClose={() => setOpening(null)} />
      )}
    </Stack>
  );
}
