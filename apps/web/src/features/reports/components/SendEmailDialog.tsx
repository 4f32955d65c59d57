import { REPORT_MESSAGES, sendReportSchema, type Report } from '@lawn/shared';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { useNotify, useNotifyError } from '../../../components/notifier-context';
import { useOpeningCount } from '../../../components/use-opening-count';
import { readFieldErrors } from '../../../lib/error-message';
import { useSendReportMutation } from '../api/reports-api';

const emailSchema = sendReportSchema.shape.emails.element;

type SendEmailFormProps = { report: Report; isOpen: boolean; onClose: () => void };

function SendEmailForm({ report, isOpen, onClose }: SendEmailFormProps) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const send = useSendReportMutation(report);
  const [draft, setDraft] = useState('');
  const [emails, setEmails] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  /** Adds the typed address; answers the new list, or null when the address is not valid. */
  const addDraft = (): string[] | null => {
    const parsed = emailSchema.safeParse(draft.trim());
    if (!parsed.success) {
      setError(REPORT_MESSAGES.emailInvalid);
      return null;
    }
    const next = emails.includes(parsed.data) ? emails : [...emails, parsed.data];
    setEmails(next);
    setDraft('');
    setError(null);
    return next;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An address typed but not yet added is clearly meant to be sent to.
    const list = draft.trim() ? addDraft() : emails;
    if (!list) return;
    const parsed = sendReportSchema.safeParse({ emails: list });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? REPORT_MESSAGES.emailRequired);
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: (answer) => {
        notify(answer.message || REPORT_MESSAGES.mailSent, 'success');
        onClose();
      },
      onError: (failure) => {
        const fieldError = Object.entries(readFieldErrors(failure)).find(([field]) => field.startsWith('emails'));
        if (fieldError) setError(fieldError[1]);
        else notifyError(failure);
      },
    });
  };

  return (
    <FormDialog
      isOpen={isOpen}
      isPending={send.isPending}
      title="Send Email"
      description={
        <>
          Send <strong>{report.filename}</strong> to one or more addresses.
        </>
      }
      submitLabel="Send"
      onClose={onClose}
      onSubmit={submit}
      maxWidth="sm"
    >
      <div>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label="Email"
            type="email"
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              addDraft();
            }}
            error={error !== null}
            helperText={error ?? 'Press Add email for each address.'}
            autoFocus
            fullWidth
            size="small"
          />
          <Button variant="outlined" color="secondary" onClick={addDraft} sx={{ flexShrink: 0, mt: '2px' }}>
            Add email
          </Button>
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          role="list"
          aria-label="Recipients"
          sx={{ flexWrap: 'wrap', mt: emails.length > 0 ? 2 : 0 }}
        >
          {emails.map((email) => (
            <Chip
              key={email}
              role="listitem"
              label={email}
              onDelete={() => setEmails((current) => current.filter((entry) => entry !== email))}
            />
          ))}
        </Stack>
      </div>
    </FormDialog>
  );
}

type SendEmailDialogProps = { report: Report | null; onClose: () => void };

/** Type an address, Add email for each one, then Send. */
export function SendEmailDialog({ report, onClose }: SendEmailDialogProps) {
  // The last report stays on screen while the dialog fades out; every opening starts with an empty list.
  const [shown, setShown] = useState(report);
  if (report !== null && report !== shown) setShown(report);
  const opening = useOpeningCount(report !== null);
  if (!shown) return null;
  return <SendEmailForm key={opening} report={shown} isOpen={report !== null} onClose={onClose} />;
}
