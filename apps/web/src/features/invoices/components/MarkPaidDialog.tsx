import { formatUsDate, markInvoicePaidFormSchema, OTHER_PAYMENT_METHODS, type InvoiceRow } from '@lawn/shared';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-context';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { useNotify, useNotifyError } from '../../../components/notifier-context';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useMarkInvoicePaidMutation } from '../api/invoices-api';

type MarkPaidDialogProps = { invoice: InvoiceRow; onClose: () => void; onPaid: () => void };

/**
 * Mark paid another way: the customer paid a declined invoice by cash or check; the note says how (a check number,
 * who took the cash). Asked once more before it is sent, since it ends the charge's retries. A change someone made to
 * the invoice meanwhile (409) shows above the fields.
 */
export function MarkPaidDialog({ invoice, onClose, onPaid }: MarkPaidDialogProps) {
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const markPaid = useMarkInvoicePaidMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useSchemaForm(markInvoicePaidFormSchema, { defaultValues: { method: 'check', note: '' } });
  const amount = formatMoney(invoice.total);

  const submit = form.handleSubmit(async (payment) => {
    setRefusal(null);
    const isSure = await confirm({
      title: 'Mark paid',
      message: `Mark the ${amount} invoice of ${invoice.customers.fullName} paid by ${OTHER_PAYMENT_METHODS[payment.method].toLowerCase()}? Its charge will not be retried.`,
      confirmText: 'Yes, mark paid',
      closeText: 'Cancel',
    });
    if (!isSure) return;
    try {
      const answer = await markPaid.mutateAsync({ invoice, payment });
      notify(answer.message, 'success');
      onPaid();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) notifyError(error);
      else if (error.status === 409 || !applyFieldErrors(error, form.setError, ['method', 'note'])) {
        setRefusal(errorMessage(error));
      }
    }
  });

  return (
    <FormDialog
      isOpen
      title="Mark paid another way"
      description={`${amount} for the service of ${formatUsDate(invoice.serviceDate)} at ${invoice.customers.serviceAddress}`}
      error={refusal}
      submitLabel="Mark paid"
      isPending={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField control={form.control} name="method" label="Paid by" select required fullWidth>
        {Object.entries(OTHER_PAYMENT_METHODS).map(([code, name]) => (
          <MenuItem key={code} value={code}>
            {name}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={form.control}
        name="note"
        label="Note"
        helperText="A check number, who took the cash"
        required
        fullWidth
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
