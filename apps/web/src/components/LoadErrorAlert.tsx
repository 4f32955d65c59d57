import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { errorMessage } from '../lib/error-message';

type LoadErrorAlertProps = {
  /** The failed query's error; its message is extracted and rewritten by the shared error handler. */
  error: unknown;
  /** What failed, e.g. 'The customers': the alert then reads 'The customers could not be loaded: <message>'. */
  subject?: string;
  /** Asks again; without it there is no Retry button. */
  onRetry?: () => void;
  sx?: SxProps<Theme>;
};

/** In place of data that could not be loaded: why, and a Retry button. */
export function LoadErrorAlert({ error, subject, onRetry, sx }: LoadErrorAlertProps) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        )
      }
    >
      {subject && `${subject} could not be loaded: `}
      {errorMessage(error)}
    </Alert>
  );
}
