import {
  PO_BOX_MAX,
  FREQUENCIES,
  PLACE_MESSAGES,
  paymentTypeLabel,
  type CustomerDetail,
  type Frequency,
} from '@lawn/shared';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { AutosaveIndicator } from '../../../components/AutosaveIndicator';
import { usePlaceLookups } from '../../../components/service-address/places-api';
import { readFieldErrors } from '../../../lib/error-message';
import { formatMoney, formatPercent } from '../../../lib/format';
import { useRecordAutosave, type RecordFieldsPatch } from '../api/record-autosave';
import {
  billingValuesOf,
  fieldProblem,
  PO_BOX_GROUP,
  poBoxGroupPatch,
  shownBillingValue,
  wireValue,
  type BillingErrors,
  type BillingField,
} from '../billing-info';
import { useKeptState } from '../record-drafts';
import { onlyEdited, withServerValues } from '../record-edits';
import { CodeSelect } from '../../../components/CodeSelect';
import { useRecordInvalidZips } from '../record-invalid-zips';
import { FieldConflict } from './FieldConflict';
import { PaymentListLink } from './PaymentListLink';
import { PriceChoiceDialog } from './PriceChoiceDialog';

type TextFieldName = Exclude<BillingField, 'poBoxEnabled' | 'srvFrecuency'>;

const isPoBoxField = (field: BillingField) => (PO_BOX_GROUP as readonly BillingField[]).includes(field);

/** A value the server computes: shown, never typed. */
function ComputedField({ label, value }: { label: string; value: string }) {
  return <TextField label={label} value={value} slotProps={{ input: { readOnly: true } }} fullWidth />;
}

/**
 * The Billing info tab: billing name, the payment type on file (read-only, E-Check when none), the PO
 * box with its city, state and zip, the billing address with its zip, city and state, the base price and frequency,
 * and the price, tax rate, tax and total the server computes from them. Every valid change saves on its own
 * (autosave, from the values the person started from); the PO box saves once it is whole. A billing zip is looked up
 * when its fifth digit is typed: found, it fills the city and state; not found, it is invalid. A zip found invalid
 * anywhere on the record screen (the service zip's look-up included) is refused as the billing zip. A value
 * that breaks a rule shows the rule's message at its field and stays as typed, unsaved, also when the tab is closed and
 * opened again; the line under the tab then says it is not saved. A field
 * someone else changed meanwhile shows both values and the person's choice; a new frequency whose table price is not
 * the agreed one asks which price to keep. Update Payment opens the payment list of this customer.
 */
export function BillingInfoTab({ customer }: { customer: CustomerDetail }) {
  const lookups = usePlaceLookups();
  // What the person typed and its messages outlive the tab: opened again, it shows what is still unsaved.
  const [typedValues, setValues] = useKeptState(`${customer.id}:billing:values`, () => billingValuesOf(customer));
  const [typedErrors, setErrors] = useKeptState<BillingErrors>(`${customer.id}:billing:errors`, () => ({}));
  const { invalidZips, addInvalidZips } = useRecordInvalidZips();
  const autosave = useRecordAutosave(customer, 'billing');
  // The server's values (a new frequency or base price comes back with its computed prices), other people's changes
  // included, except in the fields the person is changing.
  const values = withServerValues(typedValues, billingValuesOf(customer), autosave.isEditing);
  const errors = onlyEdited(typedErrors, autosave.isEditing);

  const save = (patch: RecordFieldsPatch) => autosave.queue(patch);

  const change = (field: TextFieldName, typed: string) => {
    // States are two capitals, as the server stores them.
    const value = field === 'billingState' || field === 'billingPoBoxState' ? typed.toUpperCase() : typed;
    const next = { ...values, [field]: value };
    setValues(next);
    // The PO box and its place are changed together: the box saves only as a whole.
    if (isPoBoxField(field)) {
      const group = poBoxGroupPatch(next);
      const groupErrors = Object.fromEntries(PO_BOX_GROUP.map((name) => [name, undefined]));
      setErrors({ ...errors, ...groupErrors, ...('errors' in group ? group.errors : {}) });
      if ('patch' in group) save(group.patch);
      else autosave.hold(PO_BOX_GROUP);
      return;
    }
    const problem = fieldProblem(field, value, invalidZips);
    setErrors({ ...errors, [field]: problem });
    if (problem) autosave.hold([field]);
    else save({ [field]: wireValue(field, value) });
  };

  const changeZip = async (typed: string) => {
    const billingZipCode = typed.replace(/\D/g, '').slice(0, 5);
    setValues((current) => ({ ...current, billingZipCode }));
    // Saved only once its look-up has found it (with its city and state).
    autosave.hold(['billingZipCode']);
    setErrors((current) => ({ ...current, billingZipCode: undefined }));
    if (billingZipCode.length < 5) return;
    const foundInvalid = fieldProblem('billingZipCode', billingZipCode, invalidZips);
    if (foundInvalid) {
      setErrors((current) => ({ ...current, billingZipCode: foundInvalid }));
      return;
    }
    try {
      const found = await lookups.usZip(billingZipCode);
      setValues((current) =>
        current.billingZipCode === billingZipCode
          ? { ...current, billingCity: found.city, billingState: found.state }
          : current,
      );
      setErrors((current) => ({ ...current, billingCity: undefined, billingState: undefined }));
      save({ billingZipCode, billingCity: found.city, billingState: found.state });
    } catch (error) {
      // A zip the look-up does not find is invalid wherever it is typed again on this record.
      addInvalidZips([billingZipCode]);
      const reason = readFieldErrors(error).zipcode ?? PLACE_MESSAGES.zipFoundInvalid;
      setErrors((current) => ({ ...current, billingZipCode: reason }));
    }
  };

  const blurZip = () => {
    setErrors((current) => ({
      ...current,
      billingZipCode: current.billingZipCode ?? fieldProblem('billingZipCode', values.billingZipCode, invalidZips),
    }));
  };

  const changePoBoxEnabled = (poBoxEnabled: boolean) => {
    setValues({ ...values, poBoxEnabled });
    save({ poBoxEnabled });
  };

  const changeFrequency = (srvFrecuency: Frequency) => {
    setValues({ ...values, srvFrecuency });
    save({ srvFrecuency });
  };

  /** Both values and the choice, at a field someone else changed while the person was changing it. */
  const conflictAt = (field: BillingField, label: string) => {
    const conflict = autosave.conflicts[field];
    return (
      conflict && (
        <FieldConflict
          label={label}
          yours={shownBillingValue(field, values)}
          conflict={conflict}
          onKeepMine={() => autosave.keepMine(field)}
          onTakeTheirs={() => autosave.takeTheirs(field)}
        />
      )
    );
  };

  const serverErrors: Partial<Record<BillingField, string>> = autosave.refusals;
  const textField = (field: TextFieldName, label: string, options: { maxLength?: number } = {}) => {
    const message = errors[field] ?? serverErrors[field];
    return (
      <>
        <TextField
          label={label}
          value={values[field]}
          onChange={(event) => change(field, event.target.value)}
          error={message !== undefined}
          helperText={message}
          slotProps={options.maxLength === undefined ? {} : { htmlInput: { maxLength: options.maxLength } }}
          fullWidth
        />
        {conflictAt(field, label)}
      </>
    );
  };
  // A billing zip found invalid since it was typed (e.g. by the service zip's look-up) says so at once.
  const zipMessage =
    errors.billingZipCode ??
    serverErrors.billingZipCode ??
    (invalidZips.includes(values.billingZipCode)
      ? fieldProblem('billingZipCode', values.billingZipCode, invalidZips)
      : undefined);

  return (
    <Stack spacing={2}>
      <Grid container spacing={2} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, sm: 5 }}>{textField('billingName', 'Billing name')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <ComputedField label="Payment type" value={paymentTypeLabel(customer.paymentType)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 3 }}>
          <PaymentListLink customerId={customer.id} label="Update Payment" />
        </Grid>
      </Grid>
      <FormControlLabel
        control={
          <Switch checked={values.poBoxEnabled} onChange={(event) => changePoBoxEnabled(event.target.checked)} />
        }
        label="PO box"
      />
      {conflictAt('poBoxEnabled', 'PO box')}
      {values.poBoxEnabled && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 3 }}>{textField('billingPoBox', 'PO box number', { maxLength: PO_BOX_MAX })}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{textField('billingPoBoxCity', 'PO box city')}</Grid>
          <Grid size={{ xs: 6, sm: 2 }}>{textField('billingPoBoxState', 'PO box state', { maxLength: 2 })}</Grid>
          <Grid size={{ xs: 6, sm: 3 }}>{textField('billingPoBoxZipcode', 'PO box zip', { maxLength: 5 })}</Grid>
        </Grid>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 5 }}>{textField('billingAddress', 'Billing address')}</Grid>
        <Grid size={{ xs: 6, sm: 2 }}>
          <TextField
            label="Zip code"
            value={values.billingZipCode}
            onChange={(event) => void changeZip(event.target.value)}
            onBlur={blurZip}
            error={zipMessage !== undefined}
            helperText={zipMessage}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
            fullWidth
          />
          {conflictAt('billingZipCode', 'Zip code')}
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>{textField('billingCity', 'City')}</Grid>
        <Grid size={{ xs: 6, sm: 2 }}>{textField('billingState', 'State', { maxLength: 2 })}</Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, sm: 2 }}>{textField('costService', 'Base price')}</Grid>
        <Grid size={{ xs: 6, sm: 2 }}>
          <ComputedField label="Price" value={formatMoney(customer.subtotalMowing)} />
        </Grid>
        <Grid size={{ xs: 6, sm: 2 }}>
          <ComputedField label="Tax rate" value={formatPercent(customer.taxRate)} />
        </Grid>
        <Grid size={{ xs: 6, sm: 2 }}>
          <ComputedField label="Tax" value={formatMoney(customer.calculatedTax)} />
        </Grid>
        <Grid size={{ xs: 6, sm: 2 }}>
          <ComputedField label="Total" value={formatMoney(customer.totalMowing)} />
        </Grid>
        <Grid size={{ xs: 6, sm: 2 }}>
          <CodeSelect label="Frequency" choices={FREQUENCIES} value={values.srvFrecuency} onChange={changeFrequency} />
          {conflictAt('srvFrecuency', 'Frequency')}
        </Grid>
      </Grid>
      <AutosaveIndicator
        status={autosave.indicatorStatus({ ...errors, billingZipCode: zipMessage })}
        error={autosave.error}
      />
      <PriceChoiceDialog
        choice={autosave.priceChoice}
        onChoose={autosave.choosePrice}
        onCancel={autosave.cancelPrice}
      />
    </Stack>
  );
}
