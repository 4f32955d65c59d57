import { APP_PATHS, REPORT_MESSAGES } from '@lawn/shared';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { MessageDialog } from '../../../components/MessageDialog';

type ReportRequestedDialogProps = { isOpen: boolean; onClose: () => void };

/** After an export: 'Success', 'The report is being processed', and a 'Go to report' link. */
export function ReportRequestedDialog({ isOpen, onClose }: ReportRequestedDialogProps) {
  return (
    <MessageDialog
      isOpen={isOpen}
      title="Success"
      message={REPORT_MESSAGES.processing}
      onClose={onClose}
      closeText="Close"
      actions={
        <Button component={RouterLink} to={APP_PATHS.reports} variant="contained" color="secondary" autoFocus>
          Go to report
        </Button>
      }
    />
  );
}
