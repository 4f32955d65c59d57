import { lotCardTurfLabel, type LotSizeOption } from '@lawn/shared';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';

type LotSizeCardsProps = {
  options: readonly LotSizeOption[];
  value: string;
  onChange: (option: LotSizeOption) => void;
};

/** The lot-size cards: each names its lot and turf range; the chosen one is marked (and announced as pressed). */
export function LotSizeCards({ options, value, onChange }: LotSizeCardsProps) {
  return (
    <Box
      role="group"
      aria-label="Choose a lot size"
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
    >
      {options.map((option) => {
        const isChosen = option.name.toLowerCase() === value.toLowerCase();
        return (
          <ButtonBase
            key={option.id}
            aria-pressed={isChosen}
            onClick={() => onChange(option)}
            sx={{
              display: 'block',
              textAlign: 'left',
              p: 2,
              borderRadius: 2,
              border: 2,
              borderColor: isChosen ? 'primary.main' : 'divider',
              bgcolor: isChosen ? 'action.selected' : 'background.paper',
            }}
          >
            <Typography component="span" variant="subtitle1" sx={{ display: 'block', fontWeight: 700 }}>
              {option.name}
            </Typography>
            <Typography component="span" variant="body2" sx={{ display: 'block' }}>
              {lotCardTurfLabel(option)}
            </Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
