import {
  AUTOSAVE_MESSAGES,
  calendarDateIn,
  customerPatchSchema,
  MOW_DAYS,
  WEEKS_LIMIT,
  type CustomerDetail,
  type RecordField,
  type MowDay,
} from '@lawn/shared';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Fragment } from 'react';
import { AutosaveIndicator } from '../../../components/AutosaveIndicator';
import type { ServiceAddressValue } from '../../../components/service-address/service-address';
import { ServiceAddressForm } from '../../../components/service-address/ServiceAddressForm';
import { useRecordAutosave } from '../api/record-autosave';
import { useKeptState } from '../record-drafts';
import { useRecordInvalidZips } from '../record-invalid-zips';
import { onlyEdited, withRefusals, withServerValues } from '../record-edits';
import {
  ADDRESS_CONFLICT_FIELDS,
  ADDRESS_GROUP,
  addressFieldsChanged,
  addressProblems,
  isAddressUnsavable,
  addressPatch,
  serviceAddressOf,
  shownAddressValue,
  startDateOfWeek,
  startWeekOf,
  withRecordPosition,
  withServerAddress,
} from '../service-information';
import { CodeSelect } from '../../../components/CodeSelect';
import { FieldConflict } from './FieldConflict';

type PlanValues = { serviceDate: string; week: string; weekDay: MowDay };

/** The record field each plan value is stored in: the week is the start date's. */
const PLAN_RECORD_FIELDS: Record<keyof PlanValues, RecordField> = {
  serviceDate: 'serviceDate',
  week: 'serviceDate',
  weekDay: 'weekDay',
};

const planOf = (customer: CustomerDetail): PlanValues => ({
  serviceDate: customer.serviceDate ?? '',
  week: String(startWeekOf(customer.serviceDate) ?? ''),
  weekDay: customer.weekDay as MowDay,
});

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

type PlanErrors = { serviceDate?: string; week?: string };

/**
 * The Service Information tab: the service address (shared address form), the start date, its week
 * and the mow day. Every valid change saves on its own (autosave): a chosen suggestion or, with Manual, the typed
 * address; a change of the start date or mow day re-plans the schedule on the server, as any edit of them does. The
 * map shows where the server placed the saved address. A zip whose look-up fails is invalid on the whole record
 * screen (the billing zip refuses it). A value that breaks a rule (a cleared city, state or address) shows the rule's
 * message at its field and stays as typed, unsaved, also when the tab is closed and opened again; the line under the
 * tab then says it is not saved. The tab shows other people's changes as they come, except in the fields the
 * person is changing; a field both changed shows both values and the person's choice.
 */
export function ServiceInformationTab({ customer }: { customer: CustomerDetail }) {
  // What the person typed and its messages outlive the tab: opened again, it shows what is still unsaved.
  const kept = (name: string) => `${customer.id}:service:${name}`;
  const [typedAddress, setAddress] = useKeptState(kept('address'), () => serviceAddressOf(customer));
  const [typedPlan, setPlan] = useKeptState(kept('plan'), () => planOf(customer));
  const [typedErrors, setErrors] = useKeptState<PlanErrors>(kept('errors'), () => ({}));
  const { invalidZips, addInvalidZips } = useRecordInvalidZips();
  const autosave = useRecordAutosave(customer, 'service');
  const isPlanEdited = (field: keyof PlanValues) => autosave.isEditing(PLAN_RECORD_FIELDS[field]);
  // The stored values, other people's changes included, except in the fields the person is changing.
  const address = withServerAddress(typedAddress, serviceAddressOf(customer), autosave.isEditing);
  const plan = withServerValues(typedPlan, planOf(customer), isPlanEdited);
  const errors = onlyEdited(typedErrors, isPlanEdited);
  // The rules' messages of the address being changed, else the server's refusal of a value.
  const addressErrors = withRefusals(addressProblems(address, autosave.isEditing), autosave.refusals);
  const unsavedAddress = isAddressUnsavable(address, invalidZips, autosave.isEditing)
    ? { address: AUTOSAVE_MESSAGES.invalid }
    : {};

  const changeAddress = (next: ServiceAddressValue) => {
    setAddress(next);
    autosave.edit(addressFieldsChanged(address, next));
    const patch = addressPatch(serviceAddressOf(customer), next);
    // The address saves only whole: while it is not, nothing of it waits to be saved.
    if (patch) autosave.queue(patch);
    else autosave.unqueue(ADDRESS_GROUP);
  };

  const changeServiceDate = (serviceDate: string) => {
    autosave.edit(['serviceDate']);
    const issue = firstIssue(customerPatchSchema.shape.serviceDate.safeParse(serviceDate || null));
    setPlan({ ...plan, serviceDate, week: String(startWeekOf(issue ? null : serviceDate || null) ?? plan.week) });
    setErrors({ ...errors, serviceDate: issue });
    if (issue) autosave.hold(['serviceDate']);
    else autosave.queue({ serviceDate: serviceDate || null });
  };

  const changeWeek = (week: string) => {
    autosave.edit(['serviceDate']);
    const issue = firstIssue(customerPatchSchema.shape.sendSchedule.safeParse(week === '' ? Number.NaN : Number(week)));
    setErrors({ ...errors, week: issue });
    if (issue) {
      setPlan({ ...plan, week });
      autosave.hold(['serviceDate']);
      return;
    }
    const today = calendarDateIn(new Date());
    const serviceDate = startDateOfWeek(Number(week), plan.serviceDate || null, today, plan.weekDay);
    setPlan({ ...plan, week, serviceDate });
    autosave.queue({ serviceDate });
  };

  const changeWeekDay = (weekDay: MowDay) => {
    setPlan({ ...plan, weekDay });
    autosave.queue({ weekDay });
  };

  /** Both values and the choice, at a field someone else changed while the person was changing it. */
  const conflictAt = (field: RecordField, label: string, yours: string) => {
    const conflict = autosave.conflicts[field];
    return (
      conflict && (
        <FieldConflict
          label={label}
          yours={yours}
          conflict={conflict}
          onKeepMine={() => autosave.keepMine(field)}
          onTakeTheirs={() => autosave.takeTheirs(field)}
        />
      )
    );
  };

  return (
    <Stack spacing={2}>
      <ServiceAddressForm
        value={withRecordPosition(address, customer)}
        onChange={changeAddress}
        onInvalidZipsChange={addInvalidZips}
        errors={addressErrors}
      />
      {ADDRESS_CONFLICT_FIELDS.map(([field, label]) => (
        <Fragment key={field}>{conflictAt(field, label, shownAddressValue(field, address))}</Fragment>
      ))}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label="Start date"
            type="date"
            value={plan.serviceDate}
            onChange={(event) => changeServiceDate(event.target.value)}
            error={(errors.serviceDate ?? autosave.refusals.serviceDate) !== undefined}
            helperText={errors.serviceDate ?? autosave.refusals.serviceDate}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
          {conflictAt('serviceDate', 'Start date', plan.serviceDate || 'none')}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label="Week"
            type="number"
            value={plan.week}
            onChange={(event) => changeWeek(event.target.value)}
            error={errors.week !== undefined}
            helperText={errors.week}
            slotProps={{ htmlInput: { min: 1, max: WEEKS_LIMIT } }}
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <CodeSelect label="Week day" choices={MOW_DAYS} value={plan.weekDay} onChange={changeWeekDay} />
          {conflictAt('weekDay', 'Week day', MOW_DAYS[plan.weekDay])}
        </Grid>
      </Grid>
      <AutosaveIndicator
        status={autosave.indicatorStatus({ ...addressErrors, ...unsavedAddress, ...errors })}
        error={autosave.error}
      />
    </Stack>
  );
}
