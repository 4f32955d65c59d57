import { NOTE_TYPE, ORDER_MESSAGES } from '@lawn/shared';
import { useLocation, useNavigate } from 'react-router';
import { MessageDialog } from '../../components/MessageDialog';
import { NewOrdersList } from '../../features/customers/components/NewOrdersList';
import { readNewOrdersState, type NewOrdersLocationState } from '../../features/customers/new-orders-state';
import { LatestNoteDialog } from '../../features/notes/components/LatestNoteDialog';

/**
 * The pending-approval list (`new-orders`). Reached after an approval it says 'Great!'; after a
 * rejection it shows the rejected note just written (the notes feature's dialog). Either is shown once: closing it
 * leaves only the success message in the route state.
 */
export function NewOrdersPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = readNewOrdersState(location.state);
  const close = () => {
    const rest: NewOrdersLocationState = state.message ? { message: state.message } : {};
    void navigate({ search: location.search }, { replace: true, state: rest });
  };

  return (
    <>
      <NewOrdersList message={state.message} />
      <MessageDialog
        isOpen={state.approved === true}
        title={ORDER_MESSAGES.approvedTitle}
        message={ORDER_MESSAGES.approved}
        onClose={close}
      />
      {state.approved === false && state.customerId !== undefined && (
        <LatestNoteDialog
          customerId={state.customerId}
          typeId={NOTE_TYPE.rejected}
          title="Rejected note"
          onClose={close}
        />
      )}
    </>
  );
}
