import { INFO_SERVICES, QUOTE_INCLUDED, SIGN_UP_MESSAGES as M, type PriceBreakdown } from '@lawn/shared';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { forwardRef, type ReactNode } from 'react';
import { formatMoney } from '../../../lib/format';
import type { SignUpState } from '../sign-up-state';

type QuoteResultProps = {
  price: PriceBreakdown;
  state: Pick<SignUpState, 'exceptions' | 'isFlowerBedCleaning' | 'isBushTrimming'>;
  /** The frequency and area controls, to change the quote here too. */
  controls: ReactNode;
  videoUrl: string | null;
  onInfoChange: (change: Partial<SignUpState>) => void;
  actions: ReactNode;
};

/**
 * 'Your Custom Quote': the price of one mow before tax ('+ Tax'), recalculated as the choices change, the zone's
 * exceptions, the video when one is configured, the info checkboxes and what every mow includes.
 */
export const QuoteResult = forwardRef<HTMLElement, QuoteResultProps>(function QuoteResult(
  { price, state, controls, videoUrl, onInfoChange, actions },
  ref,
) {
  return (
    <Paper component="section" ref={ref} aria-labelledby="custom-quote-title" sx={{ p: 3, mt: 3 }} tabIndex={-1}>
      <Stack spacing={2}>
        <Typography id="custom-quote-title" component="h2" variant="h5">
          {M.customQuoteTitle}
        </Typography>
        <Typography component="p" variant="h4" aria-live="polite" data-testid="quote-price">
          {formatMoney(price.subtotal)} <Typography component="span">{M.plusTax}</Typography>
        </Typography>
        {state.exceptions && (
          <Box>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {M.exceptionsTitle}
            </Typography>
            <Typography>{state.exceptions}</Typography>
          </Box>
        )}
        {controls}
        {videoUrl && (
          <Box
            component="iframe"
            src={videoUrl}
            title="About our mowing service"
            allow="encrypted-media; picture-in-picture"
            allowFullScreen
            loading="lazy"
            sx={{ width: '100%', aspectRatio: '16 / 9', border: 0 }}
          />
        )}
        <Typography component="p" variant="h6">
          {M.tagline}
        </Typography>
        <Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {M.infoQuestion}
          </Typography>
          <FormGroup row>
            {(Object.keys(INFO_SERVICES) as (keyof typeof INFO_SERVICES)[]).map((key) => (
              <FormControlLabel
                key={key}
                control={
                  <Checkbox checked={state[key]} onChange={(event) => onInfoChange({ [key]: event.target.checked })} />
                }
                label={INFO_SERVICES[key]}
              />
            ))}
          </FormGroup>
        </Box>
        <Box>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Included with every mow
          </Typography>
          <Box component="ul" sx={{ m: 0 }}>
            {QUOTE_INCLUDED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </Box>
        </Box>
        {actions}
      </Stack>
    </Paper>
  );
});
