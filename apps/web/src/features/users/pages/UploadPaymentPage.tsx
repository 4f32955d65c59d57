import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DownloadIcon } from '../../../components/icons';
import { useNotify, useNotifyError } from '../../../components/notifier-context';
import { downloadPaymentTemplate } from '../api/users-api';
import { PaymentUploadDialog } from '../components/PaymentUploadDialog';
import { CREW_PAYMENT_PAGES } from '../crew-payment-pages';

/**
 * The payment upload (/upload-payment): the upload dialog opens at once; the template to fill in is one click away.
 * Once saved, the payments list shows the new rows.
 */
export function UploadPaymentPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [isOpen, setIsOpen] = useState(true);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography color="text.secondary">
        Fill in the template (crew number, date, amount, note), then upload it as .xlsx or .csv. Every row is saved, or
        none: a file with a bad row names each line to fix.
      </Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" onClick={() => setIsOpen(true)}>
          Upload a file
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void downloadPaymentTemplate().catch(notifyError)}
        >
          Download Template
        </Button>
        <Button onClick={() => void navigate(CREW_PAYMENT_PAGES.list)}>View List</Button>
      </Stack>
      {isOpen && (
        <PaymentUploadDialog
          isOpen={isOpen}
          onClose={() => setIsOpen(false)}
          onUploaded={(message) => {
            notify(message, 'success');
            void navigate(CREW_PAYMENT_PAGES.list);
          }}
        />
      )}
    </Stack>
  );
}
