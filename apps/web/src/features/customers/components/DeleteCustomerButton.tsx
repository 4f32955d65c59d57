import { CUSTOMER_MESSAGES } from '@lawn/shared';
import { DeleteOutlinedIcon as DeleteOutlined } from '../../../components/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../components/confirm-context';
import { PendingButton } from '../../../components/PendingButton';
import { useNotify } from '../../../components/notifier-context';
import { appStore } from '../../../lib/app-store';
import { forgetDeletedCustomer, useDeleteCustomerMutation } from '../api/customers-api';
import { lastSearchTarget } from '../customer-list-search';
import { forgetCustomer } from '../customer-list-store';

/**
 * Deletes the customer after the confirmation, then says 'Successfully deleted' and goes back to the last customer
 * search. Only Admin and Manager see it; the header card decides.
 */
export function DeleteCustomerButton({ customerId }: { customerId: number }) {
  const confirm = useConfirm();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteCustomerMutation(customerId);

  const askToDelete = async () => {
    const isConfirmed = await confirm({ title: 'Delete customer', message: CUSTOMER_MESSAGES.deleteConfirm });
    if (!isConfirmed) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        forgetCustomer(customerId);
        notify(CUSTOMER_MESSAGES.deletedDetail, 'success', { title: CUSTOMER_MESSAGES.deleted });
        const target = lastSearchTarget(appStore.getState().customerList.lastSearch);
        // Replace: Back must not lead to the record that no longer exists.
        void Promise.resolve(navigate(target.to, { replace: true, state: target.state })).then(() =>
          forgetDeletedCustomer(queryClient, customerId),
        );
      },
    });
  };

  return (
    <PendingButton
      variant="outlined"
      color="error"
      startIcon={<DeleteOutlined />}
      isPending={remove.isPending}
      onClick={() => void askToDelete()}
      sx={{ flexShrink: 0 }}
    >
      Delete customer
    </PendingButton>
  );
}
