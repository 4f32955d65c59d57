import { referralMarketNameSchema } from '@lawn/shared';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { useSchemaForm } from '../../../lib/use-schema-form';

type MarketNameDialogProps = {
  /** The market's name now, or null to add a market. */
  name: string | null;
  onClose: () => void;
  /** Called with the checked name; the page keeps it as a pending change until Update. */
  onDone: (name: string) => void;
};

/** Adds a referral market or renames one, on the page only: Update sends it. Mount it anew for each opening. */
export function MarketNameDialog({ name, onClose, onDone }: MarketNameDialogProps) {
  const form = useSchemaForm(referralMarketNameSchema, { defaultValues: { name: name ?? '' } });
  const submit = form.handleSubmit((values) => onDone(values.name));
  return (
    <FormDialog
      isOpen
      title={name === null ? 'Add Market' : 'Edit Market'}
      submitLabel="Done"
      isPending={false}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField control={form.control} name="name" label="Market name" required fullWidth autoFocus />
    </FormDialog>
  );
}
