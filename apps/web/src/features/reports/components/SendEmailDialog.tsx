import { REPORT_MESSAGES, sendReportSchema, type Report } from '@lawn/shared';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/PendingButton';
import { useNotify, useNotifyError } from '../../../components/notifier-context';
import { readFieldErrors } from '../../../lib/error-message';
import { useSendReportMutation } from '../api/reports-api';

const emailSchema = sendReportSchema.shape.emails.element;

type SendEmailFormProps = { report: Report; titleId: string; onClose: () => void };

function SendEmailForm({ report, titleId, onClose }: SendEmailFormProps) {
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
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>Send Email</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Send <strong>{report.filename}</strong> to one or more addresses.
        </DialogContentText>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <SubmitButton color="secondary" isPending={send.isPending}>
          Send
        </SubmitButton>
      </DialogActions>
    </form>
  );
}

type SendEmailDialogProps = { report: Report | null; onClose: () => void };

/** Spec 3 section 2: type an address, Add email, then Send. */
export function SendEmailDialog({ report, onClose }: SendEmailDialogProps) {
  const titleId = useId();
  // The last report stays on screen while the dialog fades out; the dialog unmounts the form
  // once closed, so the next one starts empty.
  const [shown, setShown] = useState(report);
  if (report !== null && report !== shown) setShown(report);
  return (
    <Dialog open={report !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {shown && <SendEmailForm report={shown} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}
