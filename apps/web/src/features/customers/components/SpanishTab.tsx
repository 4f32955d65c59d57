import { SPANISH_FIELDS, SPANISH_TEXT_MAX, spanishFieldsSchema, type CustomerDetail } from '@lawn/shared';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AutosaveIndicator } from '../../../components/AutosaveIndicator';
import { useRecordAutosave } from '../api/record-autosave';
import { useKeptState } from '../record-drafts';
import { onlyEdited, shownValue, withRefusals, withServerValues } from '../record-edits';
import { FieldConflict } from './FieldConflict';

type SpanishField = (typeof SPANISH_FIELDS)[number];
type SpanishValues = Record<SpanishField, string>;

const LABELS: Record<SpanishField, string> = {
  conditionSpanish: 'Conditions in Spanish',
  requestSpanish: 'Requests in Spanish',
  conditionSpanishTranslation: 'Conditions, translated',
  requestSpanishTranslation: 'Requests, translated',
};

const valuesOf = (customer: CustomerDetail): SpanishValues =>
  Object.fromEntries(SPANISH_FIELDS.map((field) => [field, customer[field] ?? ''])) as SpanishValues;

/**
 * The Spanish tab: the property's conditions and requests in Spanish and their translations, for the crews. Each
 * change is checked by the shared rule (at most 255 characters) and saves on its own, like the record's other tabs;
 * a blank field is saved as none.
 */
export function SpanishTab({ customer }: { customer: CustomerDetail }) {
  const [typed, setTyped] = useKeptState(`${customer.id}:spanish:values`, () => valuesOf(customer));
  const [typedErrors, setErrors] = useKeptState<Partial<Record<SpanishField, string>>>(
    `${customer.id}:spanish:errors`,
    () => ({}),
  );
  const autosave = useRecordAutosave(customer, 'spanish');
  const values = withServerValues(typed, valuesOf(customer), autosave.isEditing);
  const errors = withRefusals(onlyEdited(typedErrors, autosave.isEditing), autosave.refusals);

  const change = (field: SpanishField, text: string) => {
    setTyped({ ...values, [field]: text });
    const parsed = spanishFieldsSchema[field].safeParse(text);
    setErrors({ ...typedErrors, [field]: parsed.success ? undefined : parsed.error.issues[0]?.message });
    if (parsed.success) autosave.queue({ [field]: parsed.data === '' ? null : parsed.data });
    else autosave.hold([field]);
  };

  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        {SPANISH_FIELDS.map((field) => {
          const conflict = autosave.conflicts[field];
          return (
            <Grid key={field} size={{ xs: 12, md: 6 }}>
              <TextField
                label={LABELS[field]}
                value={values[field]}
                onChange={(event) => change(field, event.target.value)}
                error={errors[field] !== undefined}
                helperText={errors[field]}
                slotProps={{ htmlInput: { maxLength: SPANISH_TEXT_MAX } }}
                multiline
                minRows={2}
                fullWidth
              />
              {conflict && (
                <FieldConflict
                  label={LABELS[field]}
                  yours={shownValue(values[field])}
                  conflict={conflict}
                  onKeepMine={() => autosave.keepMine(field)}
                  onTakeTheirs={() => autosave.takeTheirs(field)}
                />
              )}
            </Grid>
          );
        })}
      </Grid>
      <AutosaveIndicator status={autosave.indicatorStatus(errors)} error={autosave.error} />
    </Stack>
  );
}
