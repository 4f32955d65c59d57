import {
  CUSTOMER_STATUSES,
  customerPatchSchema,
  normalizePhone,
  type CustomerDetail,
  type CustomerStatus,
} from '@lawn/shared';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { AutosaveIndicator } from '../../../components/AutosaveIndicator';
import { CodeSelect } from '../../../components/CodeSelect';
import { MaskedTextField, PHONE_MASK } from '../../../components/MaskedTextField';
import { formatPhone } from '../../../lib/format';
import { useRecordAutosave } from '../api/record-autosave';
import { useKeptState } from '../record-drafts';
import { onlyEdited, shownValue, withRefusals, withServerValues } from '../record-edits';
import { FieldConflict } from './FieldConflict';

/** What the header's contact fields hold: the status code, the phone's ten digits, the e-mail as typed. */
type ContactValues = { status: CustomerStatus; contactNumber: string; email: string };
type ContactField = keyof ContactValues;
type ContactErrors = Partial<Record<ContactField, string>>;

const contactValuesOf = (customer: CustomerDetail): ContactValues => ({
  status: customer.status as CustomerStatus,
  contactNumber: normalizePhone(customer.contactNumber),
  email: customer.email ?? '',
});

/** A typed value as PATCH /api/customers/{id} takes it: a blank e-mail is none. */
const wireValue = (field: 'contactNumber' | 'email', typed: string): string | null =>
  field === 'email' ? typed.trim() || null : typed;

/** The typed value's first broken rule, in the API's words (the shared schema). */
function problemOf(field: 'contactNumber' | 'email', typed: string): string | undefined {
  const result = customerPatchSchema.shape[field].safeParse(wireValue(field, typed));
  return result.success ? undefined : result.error.issues[0]?.message;
}

const LABELS: Record<ContactField, string> = { status: 'Status', contactNumber: 'Phone', email: 'Email' };

/**
 * The header card's status, phone and e-mail. Each saves on its own through the record's autosave,
 * from the value the person started from: the status as soon as it is chosen, the phone and e-mail once typing pauses
 * and the value passes its rule ('Contact number is required', 'Phone number is not valid', 'Invalid email'). An
 * e-mail another customer has comes back from the server as 'This email has already been registered', at the field.
 * A value that breaks a rule stays as typed, marked, and the line under the fields says it is not saved. Every change
 * has its entry in the record's history.
 */
export function CustomerContactFields({ customer }: { customer: CustomerDetail }) {
  const [typedValues, setValues] = useKeptState(`${customer.id}:header:values`, () => contactValuesOf(customer));
  const [typedErrors, setErrors] = useKeptState<ContactErrors>(`${customer.id}:header:errors`, () => ({}));
  const autosave = useRecordAutosave(customer, 'header');
  // The stored values, other people's changes included, except in the fields the person is changing.
  const values = withServerValues(typedValues, contactValuesOf(customer), autosave.isEditing);
  const errors = withRefusals(onlyEdited(typedErrors, autosave.isEditing), autosave.refusals);

  const changeStatus = (status: CustomerStatus) => {
    setValues({ ...values, status });
    autosave.queue({ status });
    // A status is one choice, not typing: it saves at once (the schedule follows it).
    void autosave.flush();
  };

  const changeText = (field: 'contactNumber' | 'email', typed: string) => {
    setValues({ ...values, [field]: typed });
    const problem = problemOf(field, typed);
    setErrors({ ...typedErrors, [field]: problem });
    if (problem) autosave.hold([field]);
    else autosave.queue({ [field]: wireValue(field, typed) });
  };

  /** Both values and the choice, at a field someone else changed while the person was changing it. */
  const conflictAt = (field: ContactField, yours: string) => {
    const conflict = autosave.conflicts[field];
    return (
      conflict && (
        <FieldConflict
          label={LABELS[field]}
          yours={yours}
          conflict={conflict}
          onKeepMine={() => autosave.keepMine(field)}
          onTakeTheirs={() => autosave.takeTheirs(field)}
        />
      )
    );
  };

  return (
    <div role="group" aria-label="Status and contact">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <CodeSelect
            label={LABELS.status}
            choices={CUSTOMER_STATUSES}
            value={values.status}
            onChange={changeStatus}
            size="small"
          />
          {conflictAt('status', CUSTOMER_STATUSES[values.status])}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <MaskedTextField
            label={LABELS.contactNumber}
            pattern={PHONE_MASK}
            value={values.contactNumber}
            onChange={(digits) => changeText('contactNumber', digits)}
            error={errors.contactNumber !== undefined}
            helperText={errors.contactNumber}
            size="small"
            required
            fullWidth
            slotProps={{ htmlInput: { autoComplete: 'off' } }}
          />
          {conflictAt('contactNumber', formatPhone(values.contactNumber) || 'none')}
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label={LABELS.email}
            type="email"
            value={values.email}
            onChange={(event) => changeText('email', event.target.value)}
            error={errors.email !== undefined}
            helperText={errors.email}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { autoComplete: 'off' } }}
          />
          {conflictAt('email', shownValue(values.email))}
        </Grid>
      </Grid>
      <AutosaveIndicator status={autosave.indicatorStatus(errors)} error={autosave.error} />
    </div>
  );
}
