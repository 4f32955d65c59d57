import {
  HOW_HEARD,
  PICK_LIST,
  REVIEW_OPTIONS,
  type CustomerDetail,
  type HowHeard,
  type ReviewOption,
} from '@lawn/shared';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AutosaveIndicator } from '../../../components/AutosaveIndicator';
import { HowHeardFields } from '../../../components/HowHeardFields';
import { usePickListQuery } from '../../../lib/pick-lists';
import { useRecordAutosave } from '../api/record-autosave';
import {
  howHeardChoices,
  marketingPatch,
  marketingValuesOf,
  type MarketingField,
  type MarketingValues,
} from '../marketing';
import { useKeptState } from '../record-drafts';
import { onlyEdited, shownValue, withRefusals, withServerValues } from '../record-edits';
import { FieldConflict } from './FieldConflict';

/** A user 'Sign by' may name. */
export type SignByUser = { id: number; fullName: string };

type MarketingTabProps = {
  customer: CustomerDetail;
  /** The active customer-service users, whom 'Sign by' offers. */
  csrUsers: readonly SignByUser[];
};

const reviewOptions = Object.entries(REVIEW_OPTIONS).map(([code, label]) => ({ code: Number(code), label }));

/**
 * The Marketing tab: how the customer heard of the business and which option of it (from the pick lists), the
 * send-schedule and future-cancel weeks, the referral code, who signed them up ('Sign by', an active customer-service
 * user) and the review options. What the new-customer wizard stored shows here. Each change is checked by the shared
 * rules and saves on its own, like the record's other tabs.
 */
export function MarketingTab({ customer, csrUsers }: MarketingTabProps) {
  const [typed, setTyped] = useKeptState(`${customer.id}:marketing:values`, () => marketingValuesOf(customer));
  const [typedErrors, setErrors] = useKeptState<Partial<Record<MarketingField, string>>>(
    `${customer.id}:marketing:errors`,
    () => ({}),
  );
  const autosave = useRecordAutosave(customer, 'marketing');
  const values = withServerValues(typed, marketingValuesOf(customer), autosave.isEditing);
  const errors = withRefusals(onlyEdited(typedErrors, autosave.isEditing), autosave.refusals);
  const sources = usePickListQuery(PICK_LIST.howHeardSources);
  const options = usePickListQuery(PICK_LIST.howHeardOptions);
  const choices = howHeardChoices(sources.data ?? [], options.data ?? [], values);

  /** Takes the typed values; saves the fields when the shared rules accept them, else shows the first message. */
  const change = (fields: readonly MarketingField[], next: MarketingValues) => {
    setTyped(next);
    const nextErrors = { ...typedErrors };
    const patch: Record<string, unknown> = {};
    for (const field of fields) {
      const result = marketingPatch(field, next);
      nextErrors[field] = 'error' in result ? result.error : undefined;
      if ('patch' in result) Object.assign(patch, result.patch);
    }
    setErrors(nextErrors);
    const refused = fields.filter((field) => nextErrors[field] !== undefined);
    if (refused.length > 0) autosave.hold(fields);
    else autosave.queue(patch);
  };
  const set = <F extends MarketingField>(field: F, value: MarketingValues[F]) =>
    change([field], { ...values, [field]: value });

  const conflictAt = (field: MarketingField, label: string, yours: string) => {
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

  const weekField = (field: 'sendSchedule' | 'futureCancel', label: string) => (
    <>
      <TextField
        label={label}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        error={errors[field] !== undefined}
        helperText={errors[field]}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
        fullWidth
      />
      {conflictAt(field, label, shownValue(values[field]))}
    </>
  );

  const signBy =
    csrUsers.some((user) => String(user.id) === values.csr) || values.csr === ''
      ? csrUsers
      : [{ id: Number(values.csr), fullName: customer.csrName ?? `User ${values.csr}` }, ...csrUsers];

  return (
    <Stack spacing={2}>
      <HowHeardFields
        label="How did they hear about us?"
        about={values.about}
        aboutOption={values.aboutOption}
        // A new source takes none of the old one's options: both are saved together.
        onChange={(next: { about: HowHeard | ''; aboutOption: string }) =>
          change(next.about === values.about ? ['aboutOption'] : ['about', 'aboutOption'], { ...values, ...next })
        }
        errors={{ about: errors.about, aboutOption: errors.aboutOption }}
        choices={choices}
      />
      {conflictAt('about', 'How heard', values.about === '' ? 'none' : HOW_HEARD[values.about])}
      {conflictAt('aboutOption', 'Which one', shownValue(values.aboutOption))}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{weekField('sendSchedule', 'Send schedule (week)')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>{weekField('futureCancel', 'Future cancel (week)')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            label="Referral code"
            value={values.referralCode}
            onChange={(event) => set('referralCode', event.target.value)}
            error={errors.referralCode !== undefined}
            helperText={errors.referralCode}
            fullWidth
          />
          {conflictAt('referralCode', 'Referral code', shownValue(values.referralCode))}
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            label="Sign by"
            value={values.csr}
            onChange={(event) => set('csr', event.target.value)}
            error={errors.csr !== undefined}
            helperText={errors.csr}
            fullWidth
          >
            <MenuItem value="">None</MenuItem>
            {signBy.map((user) => (
              <MenuItem key={user.id} value={String(user.id)}>
                {user.fullName}
              </MenuItem>
            ))}
          </TextField>
          {conflictAt('csr', 'Sign by', customer.csrName ?? 'none')}
        </Grid>
      </Grid>
      <FormControl component="fieldset" error={errors.optReviews !== undefined}>
        <FormLabel component="legend">Reviews</FormLabel>
        <FormGroup row>
          {reviewOptions.map((option) => (
            <FormControlLabel
              key={option.code}
              label={option.label}
              control={
                <Checkbox
                  checked={values.optReviews.includes(option.code)}
                  onChange={(event) =>
                    set(
                      'optReviews',
                      reviewOptions
                        .map(({ code }) => code)
                        .filter((code) =>
                          code === option.code ? event.target.checked : values.optReviews.includes(code),
                        ),
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      {conflictAt(
        'optReviews',
        'Reviews',
        values.optReviews.map((code) => REVIEW_OPTIONS[code as ReviewOption]).join(', ') || 'none',
      )}
      <AutosaveIndicator status={autosave.indicatorStatus(errors)} error={autosave.error} />
    </Stack>
  );
}
