import {
  allowedMowCut,
  GATE_CODE_MAX,
  LOT_REVIEW_MAX,
  MAPSCO_MAX,
  MOW_CUT_LABELS,
  MOW_CUTS,
  type CustomerDetail,
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
import { AutosaveIndicator } from '../../../components/AutosaveIndicator';
import { formatMoney } from '../../../lib/format';
import { choicesWith } from '../../../lib/pick-lists';
import { useCrewNumbersQuery } from '../api/crews-api';
import { useRecordAutosave } from '../api/record-autosave';
import {
  bagGrassBlock,
  fieldPatch,
  isPropertyFieldEdited,
  lotSizeForTurf,
  propertyValuesOf,
  shownPropertyValue,
  type PropertyErrors,
  type PropertyField,
  type PropertyValues,
} from '../property-information';
import { useKeptState } from '../record-drafts';
import { onlyEdited, withRefusals, withServerValues } from '../record-edits';
import { FieldConflict } from './FieldConflict';
import { PriceChoiceDialog } from './PriceChoiceDialog';

type PropertyInformationTabProps = {
  customer: CustomerDetail;
  /** The lot sizes of the record's market (its price table); empty while they load. */
  lotSizes: readonly LotSizeOption[];
};

/**
 * The Property information tab: lot size, turf size, lot review, corner lot, the areas to mow, community
 * and gate codes, crew, latitude and longitude. Every valid change saves on its own (autosave) and is checked by the
 * shared rules first; the server prices the property anew when the lot, the turf or the areas change. Bag grass cannot
 * be ticked on the big lots nor on the 3-Weekly and Drought frequencies, and the tab says why. The tab shows other people's changes as they come, except in
 * the fields the person is changing; a value that breaks a rule stays as typed with the rule's message, unsaved (the
 * line under the tab says so), also when the tab is closed and opened again; a field both changed shows both values and
 * the person's choice, and a new lot size
 * whose table price is not the agreed one asks which price to keep.
 */
export function PropertyInformationTab({ customer, lotSizes }: PropertyInformationTabProps) {
  // What the person typed and its messages outlive the tab: opened again, it shows what is still unsaved.
  const [typedValues, setValues] = useKeptState(`${customer.id}:property:values`, () => propertyValuesOf(customer));
  const [typedErrors, setErrors] = useKeptState<PropertyErrors>(`${customer.id}:property:errors`, () => ({}));
  const crews = useCrewNumbersQuery();
  const autosave = useRecordAutosave(customer, 'property');
  const isEdited = (field: PropertyField) => isPropertyFieldEdited(field, autosave.isEditing);
  // The stored values, other people's changes included, except in the fields the person is changing.
  const values = withServerValues(typedValues, propertyValuesOf(customer), isEdited);
  // A rule's message, else the server's refusal of the value.
  const errors = withRefusals(onlyEdited(typedErrors, isEdited), autosave.refusals);
  const bagGrassBlocked = bagGrassBlock(values.lotSize, customer.srvFrecuency);

  /** Takes the typed value; saves it when the shared rule accepts it, else shows that rule's message. */
  const change = (field: PropertyField, next: PropertyValues) => {
    setValues(next);
    const result = fieldPatch(field, next);
    setErrors({ ...typedErrors, [field]: 'error' in result ? result.error : undefined });
    if ('patch' in result) autosave.queue(result.patch);
    else autosave.hold([field]);
  };
  const set = <F extends PropertyField>(field: F, value: PropertyValues[F]) =>
    change(field, { ...values, [field]: value });

  const changeLotSize = (lotSize: string) => {
    // The server takes Bag grass off a lot that cannot have it, by the same rule; the boxes show that at once.
    const mowCut = allowedMowCut(values.mowCut, lotSize, customer.srvFrecuency as Frequency, 'record');
    change('lotSize', { ...values, lotSize, mowCut });
  };

  const changeTurfSize = (turfSize: string) => {
    // The lot size follows the measurement, as the server decides it from the same table.
    change('turfSize', { ...values, turfSize, lotSize: lotSizeForTurf(turfSize, lotSizes) ?? values.lotSize });
  };

  // A Bag grass the lot or frequency no longer allows (an older record's) goes with the next change of the areas, as
  // the server would take it out: it is never sent back for the server to refuse.
  const toggleArea = (area: MowCut, isOn: boolean) =>
    set(
      'mowCut',
      allowedMowCut(
        MOW_CUTS.filter((candidate) => (candidate === area ? isOn : values.mowCut.includes(candidate))),
        values.lotSize,
        customer.srvFrecuency as Frequency,
        'record',
      ),
    );

  /** Both values and the choice, at a field someone else changed while the person was changing it. */
  const conflictAt = (field: PropertyField, label: string) => {
    const conflict = autosave.conflicts[field];
    return (
      conflict && (
        <FieldConflict
          label={label}
          yours={shownPropertyValue(field, values)}
          conflict={conflict}
          onKeepMine={() => autosave.keepMine(field)}
          onTakeTheirs={() => autosave.takeTheirs(field)}
        />
      )
    );
  };

  const textField = (field: PropertyField, label: string, extra: { maxLength?: number; upper?: boolean } = {}) => (
    <>
      <TextField
        label={label}
        value={values[field]}
        onChange={(event) => set(field, extra.upper ? event.target.value.toUpperCase() : event.target.value)}
        error={errors[field] !== undefined}
        helperText={errors[field]}
        slotProps={{ htmlInput: extra.maxLength ? { maxLength: extra.maxLength } : {} }}
        fullWidth
      />
      {conflictAt(field, label)}
    </>
  );

  const lotNames = choicesWith(
    lotSizes.map((option) => option.name),
    values.lotSize,
  );
  const crewNumbers = choicesWith((crews.data ?? []).map(String), values.crew);

  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            select
            label="Lot size"
            value={values.lotSize}
            onChange={(event) => changeLotSize(event.target.value)}
            error={errors.lotSize !== undefined}
            helperText={errors.lotSize}
            fullWidth
          >
            {lotNames.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          {conflictAt('lotSize', 'Lot size')}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label="Turf size (sq ft)"
            value={values.turfSize}
            onChange={(event) => changeTurfSize(event.target.value)}
            error={errors.turfSize !== undefined}
            helperText={errors.turfSize}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            fullWidth
          />
          {conflictAt('turfSize', 'Turf size (sq ft)')}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {textField('lotReview', 'Lot review', { maxLength: LOT_REVIEW_MAX, upper: true })}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{textField('mapsco', 'Mapsco', { maxLength: MAPSCO_MAX, upper: true })}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{textField('mapA', 'MapA', { maxLength: MAPSCO_MAX, upper: true })}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {textField('mapscoGrid', 'Mapsco grid', { maxLength: MAPSCO_MAX, upper: true })}
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <FormControl component="fieldset" error={errors.mowCut !== undefined}>
            <FormLabel component="legend">Mow areas</FormLabel>
            <FormGroup row>
              {MOW_CUTS.map((area) => (
                <FormControlLabel
                  key={area}
                  label={MOW_CUT_LABELS[area]}
                  disabled={area === 'BagGrass' && bagGrassBlocked !== undefined}
                  control={
                    <Checkbox
                      checked={values.mowCut.includes(area)}
                      onChange={(event) => toggleArea(area, event.target.checked)}
                    />
                  }
                />
              ))}
            </FormGroup>
            {(errors.mowCut ?? bagGrassBlocked) && <FormHelperText>{errors.mowCut ?? bagGrassBlocked}</FormHelperText>}
          </FormControl>
          {conflictAt('mowCut', 'Mow areas')}
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <FormControlLabel
            label="Corner lot"
            control={
              <Checkbox checked={values.useCornerLot} onChange={(event) => set('useCornerLot', event.target.checked)} />
            }
          />
          {conflictAt('useCornerLot', 'Corner lot')}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          {textField('communityCode', 'Community code', { maxLength: GATE_CODE_MAX })}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{textField('gateCode', 'Gate code', { maxLength: GATE_CODE_MAX })}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            select
            label="Crew"
            value={values.crew}
            onChange={(event) => set('crew', event.target.value)}
            fullWidth
          >
            <MenuItem value="">None</MenuItem>
            {crewNumbers.map((crew) => (
              <MenuItem key={crew} value={crew}>
                {crew}
              </MenuItem>
            ))}
          </TextField>
          {conflictAt('crew', 'Crew')}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{textField('lat', 'Latitude')}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{textField('lng', 'Longitude')}</Grid>
      </Grid>
      <Typography variant="body2" color="text.secondary">
        {`Mowing price ${formatMoney(customer.subtotalMowing)} + tax ${formatMoney(customer.calculatedTax)} = ${formatMoney(customer.totalMowing)}`}
      </Typography>
      <AutosaveIndicator status={autosave.indicatorStatus(errors)} error={autosave.error} />
      <PriceChoiceDialog
        choice={autosave.priceChoice}
        onChoose={autosave.choosePrice}
        onCancel={autosave.cancelPrice}
      />
    </Stack>
  );
}
