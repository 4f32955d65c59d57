import { hasRole, WEB_ACCOUNT_INVITE_ROLES, WEB_ACCOUNT_MESSAGES } from '@lawn/shared';
import { ForwardToInboxIcon as ForwardToInbox } from '../../../components/icons';
import { PendingButton } from '../../../components/PendingButton';
import { useNotify } from '../../../components/notifier-context';
import { useAppState } from '../../../lib/app-store';
import { useWebAccountInvitationMutation } from '../api/record-api';

/**
 * 'Send web-account invitation' of a record, for Admin and Manager: the customer gets an e-mail with a link to set the
 * password of their web account, where they see their properties and change their payment method. A refusal (no
 * e-mail address, a staff address) is shown by the shared error notice.
 */
export function WebAccountInviteButton({ customerId }: { customerId: number }) {
  const role = useAppState((state) => state.user.role);
  const notify = useNotify();
  const invite = useWebAccountInvitationMutation(customerId);
  if (role === null || !hasRole(role, WEB_ACCOUNT_INVITE_ROLES)) return null;

  return (
    <PendingButton
      variant="outlined"
      startIcon={<ForwardToInbox />}
      isPending={invite.isPending}
      onClick={() =>
        invite.mutate(undefined, {
          onSuccess: ({ message, data }) => notify(`${message} (${data.email})`, 'success'),
        })
      }
    >
      {WEB_ACCOUNT_MESSAGES.inviteAction}
    </PendingButton>
  );
}
