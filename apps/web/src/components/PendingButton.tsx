import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

type PendingButtonProps = ButtonProps & {
  /**
   * The work the button started is under way: the button is disabled, so it cannot be pressed twice, and a spinner
   * takes the place of its start icon.
   */
  isPending: boolean;
};

/** A button whose action takes a while (a save, a download, a delete). */
export function PendingButton({ isPending, disabled, startIcon, size, ...props }: PendingButtonProps) {
  const spinner = <CircularProgress size={size === 'large' ? 18 : 16} color="inherit" aria-hidden />;
  return <Button {...props} size={size} disabled={disabled || isPending} startIcon={isPending ? spinner : startIcon} />;
}

/** The submit button of a form: contained, and busy while the form is being sent. */
export function SubmitButton(props: Omit<PendingButtonProps, 'type'>) {
  return <PendingButton variant="contained" {...props} type="submit" />;
}
