import { CREATE_CUSTOMER_PATH, ORDER_STATUS, type CustomerDetail } from '@lawn/shared';
import { PersonAddIcon as PersonAdd } from '../../../components/icons';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { DeletionRequestSwitch } from './DeletionRequestSwitch';
import { OrderDecisionButtons, type RejectDialogProps } from './OrderDecisionButtons';
import { WebAccountInviteButton } from './WebAccountInviteButton';

type RecordActionsProps = {
  customer: CustomerDetail;
  renderRejectDialog: (props: RejectDialogProps) => ReactNode;
};

/**
 * The record's own actions beside the navigator: 'Request deletion?', Approve and Reject on a new
 * order, 'Send web-account invitation' (Admin and Manager), and Create customer on a normal record once the
 * new-customer wizard exists.
 */
export function RecordActions({ customer, renderRejectDialog }: RecordActionsProps) {
  const isNormalRecord = customer.statusOrders === ORDER_STATUS.approved;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <DeletionRequestSwitch customer={customer} />
      <OrderDecisionButtons customer={customer} renderRejectDialog={renderRejectDialog} />
      <WebAccountInviteButton customerId={customer.id} />
      {isNormalRecord && CREATE_CUSTOMER_PATH && (
        <Button component={RouterLink} to={CREATE_CUSTOMER_PATH} variant="contained" startIcon={<PersonAdd />}>
          Create customer
        </Button>
      )}
    </Stack>
  );
}
