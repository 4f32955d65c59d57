import {
  PRICE_UPDATE_REFRESH_DELAY_MS,
  type PricePreview,
  type PriceUpdate,
  type PriceUpdateRequest,
} from '@lawn/shared';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useConfirm } from '../../../components/confirm-context';
import { DownloadIcon } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotify, useNotifyError } from '../../../components/notifier-context';
import { SectionCard } from '../../../components/SectionCard';
import { UploadDialog } from '../../../components/UploadDialog';
import {
  downloadPriceTemplate,
  useMarketsQuery,
  usePreviewMutation,
  usePriceUpdatesQuery,
  useRefreshAfterStart,
  useRunningCountQuery,
  useStartPriceUpdateMutation,
  useUndoPriceUpdateMutation,
  useUploadPricesMutation,
} from '../api/price-updates-api';
import { PricePreviewPanel } from '../components/PricePreviewPanel';
import { PriceUpdateDetailsDialog } from '../components/PriceUpdateDetailsDialog';
import { PriceUpdateForm } from '../components/PriceUpdateForm';
import { PriceUpdatesTable } from '../components/PriceUpdatesTable';

/**
 * The bulk price update (/update-price, Admin and Manager): increase or lower every active price of the business or
 * of a market by an amount, after a preview, or upload a file of per-property prices; the list of updates, each with
 * every property it changed, and undo. One update runs at a time: Apply and Undo wait while one does.
 */
export function UpdatePricePage() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const confirm = useConfirm();
  const [page, setPage] = useState(0);
  const [previewed, setPreviewed] = useState<{ request: PriceUpdateRequest; preview: PricePreview } | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [opened, setOpened] = useState<PriceUpdate | null>(null);
  const markets = useMarketsQuery();
  const running = useRunningCountQuery();
  const isRunning = (running.data ?? 0) > 0;
  const updates = usePriceUpdatesQuery(page, isRunning);
  const previewMutation = usePreviewMutation();
  const start = useStartPriceUpdateMutation();
  const upload = useUploadPricesMutation();
  const undo = useUndoPriceUpdateMutation();
  const refreshAfterStart = useRefreshAfterStart(PRICE_UPDATE_REFRESH_DELAY_MS);
  const clearPreview = useCallback(() => setPreviewed(null), []);

  const preview = async (request: PriceUpdateRequest) => {
    setPreviewed(null);
    setPreviewed({ request, preview: await previewMutation.mutateAsync(request) });
  };
  const apply = async () => {
    if (!previewed) return;
    try {
      const answer = await start.mutateAsync(previewed.request);
      notify(answer.message, 'success');
      setPreviewed(null);
    } catch (error) {
      notifyError(error);
    }
    await refreshAfterStart();
  };
  const undoOpened = async (update: PriceUpdate) => {
    const isSure = await confirm({
      title: 'Undo this price update?',
      message:
        'Every property it changed gets its old price back, except those whose price was changed since: they keep it and are listed.',
      confirmText: 'Undo',
      closeText: 'Cancel',
    });
    if (!isSure) return;
    const answer = await undo.mutateAsync(update.id);
    notify(answer.message, 'success');
    await refreshAfterStart();
  };
  const shown = opened && (updates.data?.data.find((update) => update.id === opened.id) ?? opened);

  let list;
  if (updates.isError) {
    list = <LoadErrorAlert subject="The price updates" error={updates.error} onRetry={() => void updates.refetch()} />;
  } else if (!updates.data) {
    list = <CircularProgress aria-label="Loading the price updates" />;
  } else if (updates.data.total === 0) {
    list = <Typography color="text.secondary">No price update yet.</Typography>;
  } else {
    list = (
      <PriceUpdatesTable
        updates={updates.data.data}
        total={updates.data.total}
        page={page}
        onPageChange={setPage}
        onOpen={setOpened}
      />
    );
  }

  return (
    <Stack spacing={2}>
      <SectionCard title="Change every price">
        <Stack spacing={2}>
          <PriceUpdateForm
            markets={markets.data ?? []}
            isPending={previewMutation.isPending}
            onPreview={preview}
            onChange={clearPreview}
          />
          {previewed && (
            <PricePreviewPanel
              preview={previewed.preview}
              isRunning={isRunning}
              isApplying={start.isPending}
              onApply={() => void apply()}
            />
          )}
        </Stack>
      </SectionCard>
      <SectionCard title="Prices from a file">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
            Each row gives one account its new price per mow (Account number, Price). A file with a bad line changes
            nothing and names the line.
          </Typography>
          <Button variant="contained" disabled={isRunning} onClick={() => setIsUploading(true)}>
            Upload prices
          </Button>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => void downloadPriceTemplate().catch(notifyError)}
          >
            Download Template
          </Button>
        </Stack>
      </SectionCard>
      <SectionCard title="Price updates">{list}</SectionCard>
      {isUploading && (
        <UploadDialog
          isOpen
          onClose={() => setIsUploading(false)}
          upload={upload.mutateAsync}
          isPending={upload.isPending}
          onUploaded={(message) => {
            setIsUploading(false);
            notify(message, 'success');
            void refreshAfterStart();
          }}
        />
      )}
      {shown && (
        <PriceUpdateDetailsDialog
          update={shown}
          isRunning={isRunning}
          isUndoing={undo.isPending}
          onUndo={() => void undoOpened(shown)}
          onClose={() => setOpened(null)}
        />
      )}
    </Stack>
  );
}
