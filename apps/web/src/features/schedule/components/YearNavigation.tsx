import { MOW_YEAR_RANGE } from '@lawn/shared';
import { ChevronLeftIcon as ChevronLeft, ChevronRightIcon as ChevronRight } from '../../../components/icons';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type YearNavigationProps = { year: number; isDisabled: boolean; onChange: (year: number) => void };

/** Previous / next mow year, within the years the calendars offer. */
export function YearNavigation({ year, isDisabled, onChange }: YearNavigationProps) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <IconButton
        aria-label="Previous year"
        onClick={() => onChange(year - 1)}
        disabled={isDisabled || year <= MOW_YEAR_RANGE.min}
      >
        <ChevronLeft />
      </IconButton>
      <Typography variant="h6" component="h2" aria-live="polite" sx={{ minWidth: 150, textAlign: 'center' }}>
        Mow year {year}
      </Typography>
      <IconButton
        aria-label="Next year"
        onClick={() => onChange(year + 1)}
        disabled={isDisabled || year >= MOW_YEAR_RANGE.max}
      >
        <ChevronRight />
      </IconButton>
    </Stack>
  );
}
