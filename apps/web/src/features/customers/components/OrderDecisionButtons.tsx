import {
  APP_PATHS,
  APPROVAL_ROLES,
  hasRole,
  ORDER_MESSAGES,
  ORDER_STATUS,
  type CustomerDetail,
  type NoteValuesInput,
} from '@lawn/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../components/confirm-context';
import { PendingButton } from '../../../components/PendingButton';
import { useAppState } from '../../../lib/app-store';
import { useApproveOrderMutation, useRejectOrderMutation } from '../api/record-api';
import type { NewOrdersLocationState } from '../new-orders-state';

/** What the page's rejected-note dialog gets: close it, or reject with the note's values. */
export type RejectDialogProps = { onClose: () => void; onReject: (note: NoteValuesInput) => Promise<unknown> };

type OrderDecisionButtonsProps = {
  customer: CustomerDetail;
  /** The rejected-note dialog (the notes feature's), shown when Reject is pressed. */
  renderRejectDialog: (props: RejectDialogProps) => ReactNode;
};

/** The question before an approval: an approved order cannot be rejected any more, so a stray click must not decide it. */
function approveQuestion(customer: CustomerDetail) {
  return {
    title: 'Approve order',
    message: `Approve the order of ${customer.fullName} (account ${customer.customerId})? It moves to the list of clients.`,
    confirmText: 'Approve',
    closeText: 'Cancel',
  };
}

/**
 * Approve and Reject on a new order (order status not 1), hidden for Representatives. Approve
 * asks first (Cancel or Approve; the dialog takes the focus and Escape cancels), Reject asks for the rejected note.
 * Both decide on the version shown, and lead to the pending-approval list: after an approval it says 'Great!', after
 * a rejection it shows the rejected note.
 */
export function OrderDecisionButtons({ customer, renderRejectDialog }: OrderDecisionButtonsProps) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const role = useAppState((state) => state.user.role);
  const approve = useApproveOrderMutation(customer.id);
  const reject = useRejectOrderMutation(customer.id);
  const [isRejecting, setIsRejecting] = useState(false);
  if (customer.statusOrders === ORDER_STATUS.approved || role === null || !hasRole(role, APPROVAL_ROLES)) return null;

  const toNewOrders = (state: NewOrdersLocationState) => void navigate(APP_PATHS.newOrders, { state });

  const askToApprove = async () => {
    if (!(await confirm(approveQuestion(customer)))) return;
    approve.mutate(customer.version, { onSuccess: () => toNewOrders({ approved: true }) });
  };

  return (
    <Stack direction="row" spacing={1}>
      <PendingButton
        variant="contained"
        color="secondary"
        isPending={approve.isPending}
        disabled={reject.isPending}
        onClick={() => void askToApprove()}
      >
        Approve
      </PendingButton>
      <Button variant="outlined" color="error" onClick={() => setIsRejecting(true)} disabled={approve.isPending}>
        Reject
      </Button>
      {isRejecting &&
        renderRejectDialog({
          onClose: () => setIsRejecting(false),
          onReject: async (note) => {
            await reject.mutateAsync({ ...note, version: customer.version });
            toNewOrders({ approved: false, customerId: customer.id, message: ORDER_MESSAGES.rejected });
          },
        })}
    </Stack>
  );
}
