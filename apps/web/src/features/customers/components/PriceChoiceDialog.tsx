import { RECORD_SAVE_MESSAGES, type PriceChoice } from '@lawn/shared';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { MessageDialog } from '../../../components/MessageDialog';
import { formatMoney } from '../../../lib/format';

type PriceChoiceDialogProps = {
  /** The two base prices to choose between; null when nothing is asked. */
  choice: PriceChoice | null;
  onChoose: (keepAgreed: boolean) => void;
  onCancel: () => void;
};

/**
 * Asks which base price a new lot size or frequency keeps: the price agreed with the customer (the first choice, so a
 * hurried Enter never drops it) or the price table's. Cancel gives up the change.
 */
export function PriceChoiceDialog({ choice, onChoose, onCancel }: PriceChoiceDialogProps) {
  // The last question stays on screen while the dialog closes.
  const [shown, setShown] = useState(choice);
  if (choice && choice !== shown) setShown(choice);
  if (!shown) return null;
  return (
    <MessageDialog
      isOpen={choice !== null}
      title="Which base price?"
      message={
        <>
          {RECORD_SAVE_MESSAGES.choosePrice}
          <br />
          {`Agreed price: ${formatMoney(shown.agreed)}. Price table: ${formatMoney(shown.table)}.`}
        </>
      }
      onClose={onCancel}
      closeText="Cancel"
      actions={
        <>
          <Button onClick={() => onChoose(false)}>{`Take the table's ${formatMoney(shown.table)}`}</Button>
          <Button onClick={() => onChoose(true)} variant="contained" color="secondary" autoFocus>
            {`Keep ${formatMoney(shown.agreed)}`}
          </Button>
        </>
      }
    />
  );
}
