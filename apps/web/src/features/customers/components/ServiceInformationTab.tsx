import {
  calendarDateIn,
  customerPatchSchema,
  WEEKDAYS,
  WEEKS_LIMIT,
  type CustomerDetail,
  type Weekday,
} from '@lawn/shared';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCallback, useRef, useState } from 'react';
import { AutosaveIndicator } from '../../../components/AutosaveIndicator';
import type { ServiceAddressValue } from '../../../components/service-address/service-address';
import { ServiceAddressForm } from '../../../components/service-address/ServiceAddressForm';
import { useRecordAutosave } from '../api/record-autosave';
import { useRecordInvalidZips } from '../record-invalid-zips';
import {
  addressPatch,
  serviceAddressOf,
  startDateOfWeek,
  startWeekOf,
  withRecordPosition,
} from '../service-information';
import { CodeSelect } from '../../../components/CodeSelect';

type PlanValues = { serviceDate: string; week: string; weekDay: Weekday };

const planOf = (customer: CustomerDetail): PlanValues => ({
  serviceDate: customer.serviceDate ?? '',
  week: String(startWeekOf(customer.serviceDate) ?? ''),
  weekDay: customer.weekDay as Weekday,
});

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/**
 * The Service Information tab (spec 2 §2.2): the service address (shared address form), the start date, its week
 * and the mow day. Every valid change saves on its own (autosave): a chosen suggestion or, with Manual, the typed
 * address; a change of the start date or mow day re-plans the schedule on the server, as any edit of them does. The
 * map shows where the server placed the saved address. A zip whose look-up fails is invalid on the whole record
 * screen (the billing zip refuses it). When someone else changed the record meanwhile, the tab shows their values and
 * says so.
 */
export function ServiceInformationTab({ customer }: { customer: CustomerDetail }) {
  const [address, setAddress] = useState(() => serviceAddressOf(customer));
  const saved = useRef(address);
  const [plan, setPlan] = useState(() => planOf(customer));
  const [errors, setErrors] = useState<{ serviceDate?: string; week?: string }>({});
  const { addInvalidZips } = useRecordInvalidZips();

  const showNewer = useCallback((newer: CustomerDetail) => {
    const newerAddress = serviceAddressOf(newer);
    saved.current = newerAddress;
    setAddress(newerAddress);
    setPlan(planOf(newer));
    setErrors({});
  }, []);
  const autosave = useRecordAutosave(customer.id, showNewer);

  const changeAddress = (next: ServiceAddressValue) => {
    setAddress(next);
    const patch = addressPatch(saved.current, next);
    if (!patch) return;
    saved.current = next;
    autosave.queue(patch);
  };

  const changeServiceDate = (serviceDate: string) => {
    const issue = firstIssue(customerPatchSchema.shape.serviceDate.safeParse(serviceDate || null));
    setPlan({ ...plan, serviceDate, week: String(startWeekOf(issue ? null : serviceDate || null) ?? plan.week) });
    setErrors({ ...errors, serviceDate: issue });
    if (!issue) autosave.queue({ serviceDate: serviceDate || null });
  };

  const changeWeek = (week: string) => {
    const issue = firstIssue(customerPatchSchema.shape.sendSchedule.safeParse(week === '' ? Number.NaN : Number(week)));
    setErrors({ ...errors, week: issue });
    if (issue) {
      setPlan({ ...plan, week });
      return;
    }
    const today = calendarDateIn(new Date());
    const serviceDate = startDateOfWeek(Number(week), plan.serviceDate || null, today, plan.weekDay);
    setPlan({ ...plan, week, serviceDate });
    autosave.queue({ serviceDate });
  };

  const changeWeekDay = (weekDay: Weekday) => {
    setPlan({ ...plan, weekDay });
    autosave.queue({ weekDay });
  };

  return (
    <Stack spacing={2}>
      <ServiceAddressForm
        value={withRecordPosition(address, customer)}
        onChange={changeAddress}
        onInvalidZipsChange={addInvalidZips}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label="Start date"
            type="date"
            value={plan.serviceDate}
            onChange={(event) => changeServiceDate(event.target.value)}
            error={errors.serviceDate !== undefined}
            helperText={errors.serviceDate}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
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
          <CodeSelect label="Week day" choices={WEEKDAYS} value={plan.weekDay} onChange={changeWeekDay} />
        </Grid>
      </Grid>
      <AutosaveIndicator status={autosave.status} error={autosave.error} />
    </Stack>
  );
}
