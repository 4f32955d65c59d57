import { DELETION_REQUEST_MESSAGES, ORDER_STATUS, type CustomerDetail } from '@lawn/shared';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useConfirm } from '../../../components/confirm-context';
import { useDeletionRequestQuery, useRequestDeletionMutation } from '../api/record-api';

/**
 * 'Request deletion?': asks the Admins and Managers to delete the record, once; then it says
 * 'Deletion requested!' and stays on. A new order (order status 0) has none: it is rejected instead.
 */
export function DeletionRequestSwitch({ customer }: { customer: CustomerDetail }) {
  const confirm = useConfirm();
  const isShown = customer.statusOrders !== ORDER_STATUS.pending;
  const request = useDeletionRequestQuery(customer.id, isShown);
  const create = useRequestDeletionMutation(customer.id);
  if (!isShown) return null;

  const isRequested = Boolean(request.data);
  const ask = async () => {
    const isConfirmed = await confirm({
      title: DELETION_REQUEST_MESSAGES.confirmTitle,
      message: DELETION_REQUEST_MESSAGES.confirm,
    });
    if (isConfirmed) create.mutate();
  };

  return (
    <FormControlLabel
      label={isRequested ? DELETION_REQUEST_MESSAGES.requested : DELETION_REQUEST_MESSAGES.label}
      control={
        <Switch
          color="secondary"
          checked={isRequested}
          disabled={isRequested || request.isPending || create.isPending}
          onChange={() => void ask()}
        />
      }
    />
  );
}
