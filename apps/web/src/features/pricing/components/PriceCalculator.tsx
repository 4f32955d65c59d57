import { FREQUENCIES, type LotSizeOption } from '@lawn/shared';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { formatMoney, formatPercent } from '../../../lib/format';
import { calculatorResult, initialCalculatorState, type CalculatorState, type SizeKind } from '../price-calculator';
import { CodeSelect } from '../../../components/CodeSelect';

export const CALCULATOR_RESULT_LABEL = 'Calculated price';

function Line({ label, children, isTotal = false }: { label: string; children: ReactNode; isTotal?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', fontWeight: isTotal ? 700 : undefined }}>
      <Typography component="dt" sx={{ fontWeight: 'inherit' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 'inherit' }}>
        {children}
      </Typography>
    </Stack>
  );
}

type PriceCalculatorProps = {
  tiers: readonly LotSizeOption[];
  /** The market's rate: the tax rate to start from, and again whenever the market (and so its rate) changes. */
  taxRate: number;
};

/**
 * A price calculator on the table shown: tax rate, lot or turf size, frequency and the areas to mow give the base
 * price, the bag-grass surcharge, the single-area discount, subtotal, tax and total, recomputed on every change by
 * the shared engine the API uses. Bag grass is disabled where the rules forbid it.
 */
export function PriceCalculator({ tiers, taxRate }: PriceCalculatorProps) {
  const [state, setState] = useState<CalculatorState>(() => initialCalculatorState(taxRate));
  // A new market brings its own rate; the size, frequency and areas the user chose stay.
  const [marketTaxRate, setMarketTaxRate] = useState(taxRate);
  if (taxRate !== marketTaxRate) {
    setMarketTaxRate(taxRate);
    setState((current) => ({ ...current, taxRate: String(taxRate) }));
  }
  const change = (changes: Partial<CalculatorState>) => setState((current) => ({ ...current, ...changes }));
  const result = calculatorResult(state, tiers);
  const { price } = result;
  const sizeLabel = state.sizeKind === 'lotSize' ? 'Lot size (sq ft)' : 'Turf size (sq ft)';

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Size given"
          value={state.sizeKind}
          onChange={(_event, next: SizeKind | null) => next && change({ sizeKind: next })}
        >
          <ToggleButton value="lotSize">Lot size</ToggleButton>
          <ToggleButton value="turfSize">Turf size</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          size="small"
          label={sizeLabel}
          value={state.size}
          onChange={(event) => change({ size: event.target.value })}
          error={result.errors.size !== undefined}
          helperText={result.errors.size ?? (result.tier ? result.tier.name : ' ')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <CodeSelect
          label="Frequency"
          choices={FREQUENCIES}
          value={state.frequency}
          onChange={(frequency) => change({ frequency })}
          size="small"
          isFullWidth={false}
          sx={{ minWidth: 200 }}
        />
        <TextField
          size="small"
          label="Tax rate (%)"
          value={state.taxRate}
          onChange={(event) => change({ taxRate: event.target.value })}
          error={result.errors.taxRate !== undefined}
          helperText={result.errors.taxRate ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <FormGroup row aria-label="Areas to mow">
        <FormControlLabel
          label="Front"
          control={<Checkbox checked={state.isFront} onChange={(event) => change({ isFront: event.target.checked })} />}
        />
        <FormControlLabel
          label="Back"
          control={<Checkbox checked={state.isBack} onChange={(event) => change({ isBack: event.target.checked })} />}
        />
        <FormControlLabel
          label="Bag grass"
          disabled={!result.canBagGrass}
          control={
            <Checkbox
              checked={state.isBagGrass && result.canBagGrass}
              onChange={(event) => change({ isBagGrass: event.target.checked })}
            />
          }
        />
        <FormControlLabel
          label="Corner lot (no extra charge)"
          control={
            <Checkbox checked={state.isCornerLot} onChange={(event) => change({ isCornerLot: event.target.checked })} />
          }
        />
      </FormGroup>
      <Box aria-live="polite">
        {price ? (
          <Box component="dl" aria-label={CALCULATOR_RESULT_LABEL} sx={{ m: 0, display: 'grid', gap: 0.5 }}>
            <Line label="Lot size">{price.lotSize}</Line>
            <Line label="Base price">{formatMoney(price.basePrice)}</Line>
            <Line label="Bag grass">{formatMoney(price.bagGrassSurcharge)}</Line>
            <Line label="Single area discount">−{formatMoney(price.singleAreaDiscount)}</Line>
            <Line label="Subtotal">{formatMoney(price.subtotal)}</Line>
            <Line label={`Tax (${formatPercent(price.taxRate)})`}>{formatMoney(price.tax)}</Line>
            <Line label="Total" isTotal>
              {formatMoney(price.total)}
            </Line>
          </Box>
        ) : (
          <Typography color="text.secondary">Enter a size and a tax rate to see the price.</Typography>
        )}
      </Box>
    </Stack>
  );
}
