import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { LookupWizard } from './LookupWizard';

type LookupDialogProps = { isOpen: boolean; onClose: () => void };

/** The lookup wizard as a modal (the dashboard's Lookup button): it closes as the results open. */
export function LookupDialog({ isOpen, onClose }: LookupDialogProps) {
  const titleId = useId();
  const navigate = useNavigate();
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Lookup</DialogTitle>
      <DialogContent>
        {/* Room for the first field's floating label. */}
        <div style={{ paddingTop: 8 }}>
          <LookupWizard
            onOpen={(target) => {
              onClose();
              void navigate(target.to, { state: target.state });
            }}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
