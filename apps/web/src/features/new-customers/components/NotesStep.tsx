import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { StepProps } from '../wizard-values';

const NOTES = [
  { name: 'privateNotes', label: 'Private note' },
  { name: 'specialRequest', label: 'Special request' },
  { name: 'bbNotes', label: 'B&B notes' },
] as const;

/** Step 5, Notes: the private note and special request become the record's notes; the B&B notes its B&B field. */
export function NotesStep({ values, errors, onChange }: StepProps) {
  return (
    <Stack spacing={2}>
      {NOTES.map((note) => (
        <TextField
          key={note.name}
          label={note.label}
          value={values[note.name]}
          onChange={(event) => onChange({ [note.name]: event.target.value })}
          error={errors[note.name] !== undefined}
          helperText={errors[note.name]}
          multiline
          minRows={3}
          fullWidth
        />
      ))}
    </Stack>
  );
}
