import { bbNotesSchema, type CustomerDetail } from '@lawn/shared';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AutosaveIndicator } from '../../../components/AutosaveIndicator';
import { useRecordAutosave } from '../api/record-autosave';
import { useKeptState } from '../record-drafts';
import { FieldConflict } from './FieldConflict';

const shown = (customer: CustomerDetail) => customer.bbNotes ?? '';

/**
 * The record's B&B notes (what the wizard asked about the bushes and beds), autosaved like every field of the record:
 * from the value the person started from, blank saved as none. A value that breaks a rule stays as typed, unsaved,
 * with its message; a value someone else saved meanwhile shows both and the person's choice.
 */
export function BushBedNotesField({ customer }: { customer: CustomerDetail }) {
  const [typed, setTyped] = useKeptState(`${customer.id}:bbNotes:value`, () => shown(customer));
  const [typedError, setTypedError] = useKeptState<string | undefined>(`${customer.id}:bbNotes:error`, () => undefined);
  const autosave = useRecordAutosave(customer, 'bbNotes');
  const isEditing = autosave.isEditing('bbNotes');
  const value = isEditing ? typed : shown(customer);
  const error = isEditing ? (typedError ?? autosave.refusals.bbNotes) : undefined;

  const change = (text: string) => {
    setTyped(text);
    const parsed = bbNotesSchema.safeParse(text);
    setTypedError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) autosave.queue({ bbNotes: parsed.data === '' ? null : text });
    else autosave.hold(['bbNotes']);
  };

  const conflict = autosave.conflicts.bbNotes;
  return (
    <Stack spacing={1}>
      <TextField
        label="B&B notes"
        value={value}
        onChange={(event) => change(event.target.value)}
        error={error !== undefined}
        helperText={error}
        multiline
        minRows={3}
        fullWidth
      />
      {conflict && (
        <FieldConflict
          label="B&B notes"
          yours={value}
          conflict={conflict}
          onKeepMine={() => autosave.keepMine('bbNotes')}
          onTakeTheirs={() => autosave.takeTheirs('bbNotes')}
        />
      )}
      <AutosaveIndicator status={autosave.indicatorStatus({ bbNotes: error })} error={autosave.error} />
    </Stack>
  );
}
