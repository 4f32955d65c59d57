import { savedSearchNameFormSchema } from '@lawn/shared';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { useNotifyError } from '../../../components/notifier-context';
import { useOpeningCount } from '../../../components/use-opening-count';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';

type SaveSearchDialogProps = {
  isOpen: boolean;
  onCancel: () => void;
  /** Rejects with the API error when the search could not be saved. */
  onSave: (name: string) => Promise<unknown>;
};

function SaveSearchForm({ isOpen, onCancel, onSave }: SaveSearchDialogProps) {
  const notifyError = useNotifyError();
  const form = useSchemaForm(savedSearchNameFormSchema, { defaultValues: { name: '' } });
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onSave(name);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['name'])) notifyError(error);
    }
  });
  return (
    <FormDialog
      isOpen={isOpen}
      isPending={form.formState.isSubmitting}
      title="Save search"
      description="Give the search a name to find it in your saved search lists."
      submitLabel="Save"
      onClose={onCancel}
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField control={form.control} name="name" label="Name" autoFocus fullWidth required />
    </FormDialog>
  );
}

/** Saving a lookup asks for its name ('Name is required'). */
export function SaveSearchDialog(props: SaveSearchDialogProps) {
  // A new form for every opening, so every save starts with an empty name.
  return <SaveSearchForm key={useOpeningCount(props.isOpen)} {...props} />;
}
