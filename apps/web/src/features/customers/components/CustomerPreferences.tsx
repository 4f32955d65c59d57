import { CUSTOMER_MESSAGES, MAIL_PREFERENCE, MAIL_PREFERENCES, type CustomerDetail } from '@lawn/shared';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useConfirm } from '../../../components/confirm-context';
import { useCustomerToggleMutation, usePatchCustomerMutation } from '../api/customers-api';

function Saving({ isShown, label }: { isShown: boolean; label: string }) {
  return isShown ? <CircularProgress size={16} color="secondary" aria-label={label} /> : null;
}

function Setting({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 40 }}>
      {children}
    </Stack>
  );
}

/**
 * Cellphone and mail preference save as soon as they are switched. Restart asks first, then moves the customer to
 * pending review, and the checkbox gives way to a note once restart is set.
 */
export function CustomerPreferences({ customer }: { customer: CustomerDetail }) {
  const confirm = useConfirm();
  const cellphone = useCustomerToggleMutation(customer.id);
  const mail = useCustomerToggleMutation(customer.id);
  const restart = usePatchCustomerMutation(customer.id);
  const isEmail = customer.mailPreferences === MAIL_PREFERENCE.email;

  const askToRestart = async () => {
    const isConfirmed = await confirm({ title: 'Restart', message: CUSTOMER_MESSAGES.restartConfirm });
    if (isConfirmed) restart.mutate({ isRestart: true });
  };

  return (
    <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Setting>
        <FormControlLabel
          label="Cellphone"
          control={
            <Switch
              color="secondary"
              checked={customer.isCellphone}
              disabled={cellphone.isPending}
              onChange={(event) => cellphone.mutate({ isCellphone: event.target.checked })}
            />
          }
        />
        <Saving isShown={cellphone.isPending} label="Saving cellphone" />
      </Setting>
      <Setting>
        <FormControlLabel
          label="E-mail"
          control={
            <Switch
              color="secondary"
              checked={isEmail}
              disabled={mail.isPending}
              onChange={(event) =>
                mail.mutate({ mailPreferences: event.target.checked ? MAIL_PREFERENCE.email : MAIL_PREFERENCE.postal })
              }
            />
          }
        />
        <Typography variant="body2" color="text.secondary">
          Mail by {MAIL_PREFERENCES[isEmail ? MAIL_PREFERENCE.email : MAIL_PREFERENCE.postal].toLowerCase()}
        </Typography>
        <Saving isShown={mail.isPending} label="Saving mail preference" />
      </Setting>
      <Setting>
        {customer.isRestart ? (
          <Chip size="small" color="warning" variant="outlined" label="Restart requested: pending review" />
        ) : (
          <>
            <FormControlLabel
              label="Restart"
              control={
                <Checkbox
                  color="secondary"
                  checked={restart.isPending}
                  disabled={restart.isPending}
                  onChange={(event) => {
                    if (event.target.checked) void askToRestart();
                  }}
                />
              }
            />
            <Saving isShown={restart.isPending} label="Saving restart" />
          </>
        )}
      </Setting>
    </Stack>
  );
}
