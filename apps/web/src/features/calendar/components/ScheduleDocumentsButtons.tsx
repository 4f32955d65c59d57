import { CALENDAR_MESSAGES, type CustomerDetail } from '@lawn/shared';
import { FileDownloadIcon as FileDownload, SendIcon as Send } from '../../../components/icons';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useConfirm } from '../../../components/confirm-context';
import { PendingButton } from '../../../components/PendingButton';
import { useNotify } from '../../../components/notifier-context';
import { useDownloadScheduleMutation, useSendScheduleMutation } from '../api/calendar-api';

type ScheduleDocumentsButtonsProps = {
  customer: Pick<CustomerDetail, 'id' | 'customerId' | 'email'>;
  year: number | undefined;
};

/** The year's schedule as a PDF: saved here, or e-mailed to the customer. */
export function ScheduleDocumentsButtons({ customer, year }: ScheduleDocumentsButtonsProps) {
  const confirm = useConfirm();
  const notify = useNotify();
  const download = useDownloadScheduleMutation(customer.id);
  const send = useSendScheduleMutation(customer.id);
  const hasYear = year !== undefined;

  const askToSend = async () => {
    if (year === undefined || !customer.email) return;
    const isConfirmed = await confirm({
      title: 'Send schedule',
      message: `E-mail the ${year} schedule to ${customer.email}?`,
    });
    if (!isConfirmed) return;
    send.mutate(year, { onSuccess: ({ message }) => notify(message, 'success') });
  };

  const sendButton = (
    <PendingButton
      size="small"
      variant="outlined"
      startIcon={<Send />}
      isPending={send.isPending}
      disabled={!hasYear || !customer.email}
      onClick={() => void askToSend()}
    >
      Send schedule
    </PendingButton>
  );

  return (
    <Stack direction="row" spacing={1}>
      <PendingButton
        size="small"
        variant="outlined"
        startIcon={<FileDownload />}
        isPending={download.isPending}
        disabled={!hasYear}
        onClick={() =>
          year !== undefined && download.mutate({ year, fallbackName: `schedule-${customer.customerId}-${year}.pdf` })
        }
      >
        Download schedule
      </PendingButton>
      {customer.email ? (
        sendButton
      ) : (
        // A disabled button gets no hover events of its own; the span lets the tooltip say why.
        <Tooltip title={CALENDAR_MESSAGES.noEmail}>
          <span>{sendButton}</span>
        </Tooltip>
      )}
    </Stack>
  );
}
