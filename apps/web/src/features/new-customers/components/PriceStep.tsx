import {
  calculatePrice,
  canBagGrass,
  FREQUENCIES,
  NEW_CUSTOMER_MESSAGES,
  tierOfOption,
  type Frequency,
  type LotSizeOption,
  type MowCut,
} from '@lawn/shared';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../lib/format';
import type { StepProps } from '../wizard-values';
import { CodeSelect } from '../../../components/CodeSelect';
import { YesNoField } from '../../../components/YesNoField';

const AREAS: { value: MowCut; label: string }[] = [
  { value: 'Front', label: 'Front yard' },
  { value: 'Back', label: 'Back yard' },
  { value: 'BagGrass', label: 'Bag grass' },
  { value: 'DuplexRight', label: 'Duplex right' },
  { value: 'DuplexLeft', label: 'Duplex left' },
];

type PriceStepProps = StepProps & { tiers: readonly LotSizeOption[]; measuredTierId: number | null };

/**
 * Step 3, Your price: the billed lot size (the measured lot's tier unless changed, with a reason then), frequency,
 * overgrown grass, the areas to mow and the price the shared engine computes (the server computes it again). Bag grass
 * is disabled and removed on the Drought Schedule and on the largest lots.
 */
export function PriceStep({ values, errors, onChange, tiers, measuredTierId }: PriceStepProps) {
  const tier = tiers.find((option) => option.id === values.businesslogicId);
  const frequency = values.srvFrecuency === '' ? null : (values.srvFrecuency as Frequency);
  const isBagGrassAllowed = !tier || !frequency || canBagGrass(tier.name, frequency);
  const price =
    tier && frequency && values.address.taxRate !== null
      ? calculatePrice({
          tier: tierOfOption(tier),
          frequency,
          mowCut: values.mowCut,
          taxRate: values.address.taxRate,
          isCornerLot: values.useCornerLot,
        })
      : null;
  const isEdited = measuredTierId !== null && values.businesslogicId !== measuredTierId;

  const withoutBagGrass = (mowCut: MowCut[]) => mowCut.filter((area) => area !== 'BagGrass');
  const choose = (patch: { businesslogicId?: number; srvFrecuency?: number }) => {
    const nextTier = tiers.find((option) => option.id === (patch.businesslogicId ?? values.businesslogicId));
    const nextFrequency = (patch.srvFrecuency ?? values.srvFrecuency) as Frequency | '';
    const allows = !nextTier || nextFrequency === '' || canBagGrass(nextTier.name, nextFrequency);
    onChange({ ...patch, mowCut: allows ? values.mowCut : withoutBagGrass(values.mowCut) });
  };
  const toggleArea = (area: MowCut, isChecked: boolean) =>
    onChange({ mowCut: isChecked ? [...values.mowCut, area] : values.mowCut.filter((item) => item !== area) });

  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            select
            label="Billing lot size"
            value={tier ? tier.id : ''}
            onChange={(event) => choose({ businesslogicId: Number(event.target.value) })}
            error={errors['businesslogicId'] !== undefined}
            helperText={errors['businesslogicId']}
            required
            fullWidth
          >
            {tiers.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.name} ({option.turfSizeStart.toLocaleString('en-US')}–
                {option.turfSizeEnd.toLocaleString('en-US')} sq ft turf)
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        {isEdited && (
          <Grid size={{ xs: 12, md: 8 }}>
            <TextField
              label="Reason for the lot size change"
              value={values.reasonSize}
              onChange={(event) => onChange({ reasonSize: event.target.value })}
              error={errors['reasonSize'] !== undefined}
              helperText={errors['reasonSize']}
              required
              fullWidth
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, md: 4 }}>
          <CodeSelect
            label="Frequency"
            choices={FREQUENCIES}
            value={values.srvFrecuency}
            onChange={(srvFrecuency) => choose({ srvFrecuency })}
            error={errors['srvFrecuency']}
            isRequired
          />
        </Grid>
      </Grid>
      <YesNoField
        label="Is the grass overgrown (above six inches)?"
        value={values.grassOvergrown}
        onChange={(grassOvergrown) => onChange({ grassOvergrown })}
        error={errors['grassOvergrown']}
        choices={[
          [true, `Yes (${NEW_CUSTOMER_MESSAGES.priorityMow})`],
          [false, 'No'],
        ]}
      />
      <FormControl component="fieldset" error={errors['mowCut'] !== undefined}>
        <FormLabel component="legend">Areas to mow</FormLabel>
        <FormGroup row>
          {AREAS.map((area) => (
            <FormControlLabel
              key={area.value}
              label={area.label}
              control={
                <Checkbox
                  checked={values.mowCut.includes(area.value)}
                  disabled={area.value === 'BagGrass' && !isBagGrassAllowed}
                  onChange={(event) => toggleArea(area.value, event.target.checked)}
                />
              }
            />
          ))}
          <FormControlLabel
            label="Corner lot"
            control={
              <Checkbox
                checked={values.useCornerLot}
                onChange={(event) => onChange({ useCornerLot: event.target.checked })}
              />
            }
          />
        </FormGroup>
        {errors['mowCut'] && <FormHelperText>{errors['mowCut']}</FormHelperText>}
      </FormControl>
      {price && (
        <Typography aria-live="polite">
          Cost of service {formatMoney(price.basePrice)} · Subtotal {formatMoney(price.subtotal)} · Tax{' '}
          {formatMoney(price.tax)} · <strong>Total per mow {formatMoney(price.total)}</strong>
        </Typography>
      )}
    </Stack>
  );
}
