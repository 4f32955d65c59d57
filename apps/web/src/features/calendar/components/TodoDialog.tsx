import { todoFormSchema, weeksInMowYear, type Todo, type TodoFormValues } from '@lawn/shared';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveTodoMutation } from '../api/todos-api';

type TodoDialogProps = {
  customerId: number;
  year: number;
  /** The to-do to change (its week stays); without it the dialog adds one. */
  todo?: Todo;
  onClose: () => void;
};

/**
 * Adds a to-do to a week of the year, or changes one's text from the version shown. A refusal (a week that has a
 * to-do, someone else's change meanwhile) shows at its field or in a warning inside the dialog.
 */
export function TodoDialog({ customerId, year, todo, onClose }: TodoDialogProps) {
  const save = useSaveTodoMutation(customerId);
  const [serverError, setServerError] = useState<string | null>(null);
  const defaultValues: TodoFormValues = { week: todo?.week ?? '', text: todo?.text ?? '' };
  const form = useSchemaForm(todoFormSchema, { defaultValues });

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await save.mutateAsync(
        todo
          ? { year, week: todo.week, text: values.text, done: todo.done, version: todo.version }
          : { year, week: values.week, text: values.text, done: false },
      );
      onClose();
    } catch (error) {
      if (applyFieldErrors(error, form.setError, ['week', 'text'])) return;
      setServerError(errorMessage(error));
    }
  });

  return (
    <FormDialog
      isOpen
      title={todo ? 'Edit to-do' : 'Add to-do'}
      description={`Mow year ${year}`}
      error={serverError}
      submitLabel="Save"
      isPending={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField control={form.control} name="week" label="Week" select disabled={todo !== undefined} fullWidth>
        {Array.from({ length: weeksInMowYear(year) }, (_, index) => (
          <MenuItem key={index + 1} value={index + 1}>
            Week {index + 1}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={form.control} name="text" label="To-do" multiline minRows={2} autoFocus fullWidth />
    </FormDialog>
  );
}
