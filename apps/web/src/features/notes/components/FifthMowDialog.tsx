import { FIFTH_MOW_MESSAGES, fifthMowApplySchema, type FifthMowEligibility } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { FormTextField } from '../../../components/FormTextField';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { SubmitButton } from '../../../components/PendingButton';
import { useNotify } from '../../../components/notifier-context';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useApplyFifthMowMutation, useFifthMowEligibilityQuery } from '../api/fifth-mow-api';
import { businessNow } from '../note-form';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The three conditions, each as the customer meets it or not. */
function Conditions({ eligibility }: { eligibility: FifthMowEligibility }) {
  return (
    <List dense aria-label="5th mow conditions">
      <ListItem disableGutters>
        <ListItemText primary="New customer" secondary={yesNo(eligibility.newCustomer)} />
      </ListItem>
      <ListItem disableGutters>
        <ListItemText primary="Paying by e-check" secondary={yesNo(eligibility.eChecks)} />
      </ListItem>
      <ListItem disableGutters>
        <ListItemText
          primary="5th mow discount received"
          secondary={eligibility.note ? `Yes: ${eligibility.note}` : yesNo(eligibility.fiveThNow)}
        />
      </ListItem>
    </List>
  );
}

/**
 * The 5th Mow dialog: whether the customer qualifies (new, paying by e-check, and not received yet). When they do,
 * Apply writes the 5th mow note (date, hour, description); otherwise it says 'Does not Qualify' and the note and Apply
 * are disabled. A refusal of the server shows in a warning inside the dialog.
 */
export function FifthMowDialog({ customerId, onClose }: { customerId: number; onClose: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const eligibility = useFifthMowEligibilityQuery(customerId);
  const apply = useApplyFifthMowMutation(customerId);
  const [serverError, setServerError] = useState<string | null>(null);
  const [now] = useState(() => businessNow());
  const form = useSchemaForm(fifthMowApplySchema, {
    defaultValues: { serviceDate: now.date, serviceHour: now.hour, description: '' },
  });
  const isSaving = form.formState.isSubmitting;
  const qualifies = eligibility.data?.qualifies === true;

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await apply.mutateAsync(values);
      notify(answer.message, 'success');
      onClose();
    } catch (error) {
      if (applyFieldErrors(error, form.setError, ['serviceDate', 'serviceHour', 'description'])) return;
      setServerError(errorMessage(error));
    }
  });

  return (
    <Dialog open onClose={isSaving ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>5th Mow</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {eligibility.isPending && <CircularProgress color="secondary" aria-label="Checking the 5th mow" />}
            {eligibility.isError && (
              <LoadErrorAlert error={eligibility.error} onRetry={() => void eligibility.refetch()} />
            )}
            {eligibility.data && (
              <>
                <Alert severity={qualifies ? 'success' : 'warning'}>
                  {qualifies ? FIFTH_MOW_MESSAGES.qualifies : FIFTH_MOW_MESSAGES.doesNotQualify}
                </Alert>
                <Conditions eligibility={eligibility.data} />
              </>
            )}
            {serverError && <Alert severity="warning">{serverError}</Alert>}
            <FormTextField
              control={form.control}
              name="serviceDate"
              label="Date"
              type="date"
              disabled={!qualifies}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <FormTextField
              control={form.control}
              name="serviceHour"
              label="Hour"
              type="time"
              disabled={!qualifies}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
            <FormTextField
              control={form.control}
              name="description"
              label="Note"
              multiline
              minRows={3}
              disabled={!qualifies}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <SubmitButton color="secondary" isPending={isSaving} disabled={!qualifies}>
            Apply
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The 5th Mow button of the Billing info tab and its dialog, opened afresh each time. */
export function FifthMowButton({ customerId }: { customerId: number }) {
  const [openings, setOpenings] = useState(0);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        color="secondary"
        onClick={() => {
          setOpenings((count) => count + 1);
          setIsOpen(true);
        }}
      >
        5th Mow
      </Button>
      {isOpen && <FifthMowDialog key={openings} customerId={customerId} onClose={() => setIsOpen(false)} />}
    </>
  );
}
