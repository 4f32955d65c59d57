import { customerExportSchema } from '@lawn/shared';
import { z } from 'zod';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { useNotifyError } from '../../../components/notifier-context';
import { useOpeningCount } from '../../../components/use-opening-count';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';

const reportNameSchema = z.object({ nameDoc: customerExportSchema.shape.nameDoc });

export const REPORT_DIALOG_TITLE = 'Reports';

type ReportNameDialogProps = {
  isOpen: boolean;
  summary: string;
  /** What the name is called: 'Report name' unless told (a PDF asks for a 'Document name'). */
  nameLabel?: string;
  onCancel: () => void;
  /** Rejects with the API error when the report could not be requested. */
  onSave: (name: string) => Promise<unknown>;
};

function ReportNameForm({ isOpen, summary, nameLabel = 'Report name', onCancel, onSave }: ReportNameDialogProps) {
  const notifyError = useNotifyError();
  const form = useSchemaForm(reportNameSchema, { defaultValues: { nameDoc: '' } });

  const submit = form.handleSubmit(async ({ nameDoc }) => {
    try {
      await onSave(nameDoc);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['nameDoc'])) notifyError(error);
    }
  });

  return (
    <FormDialog
      isOpen={isOpen}
      isPending={form.formState.isSubmitting}
      title={REPORT_DIALOG_TITLE}
      description={summary}
      submitLabel="Save"
      onClose={onCancel}
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField control={form.control} name="nameDoc" label={nameLabel} autoFocus fullWidth required />
    </FormDialog>
  );
}

/** An export asks for the report's name in a dialog titled 'Reports'. */
export function ReportNameDialog(props: ReportNameDialogProps) {
  // A new form for every opening, so every export starts with an empty name.
  return <ReportNameForm key={useOpeningCount(props.isOpen)} {...props} />;
}
