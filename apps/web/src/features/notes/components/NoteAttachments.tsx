import { ATTACHMENT_MESSAGES, ATTACHMENTS_PAGE_SIZE, formatFileSize, type Attachment } from '@lawn/shared';
import { DeleteOutlinedIcon as DeleteOutline, DownloadIcon as Download } from '../../../components/icons';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../../components/confirm-context';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { saveFile } from '../../../lib/save-file';
import { fetchAttachment, useAttachmentsQuery, useDeleteAttachmentMutation } from '../api/notes-api';

const PREVIEW_SIZE = 48;

/** A small picture of an attached image, fetched with the session's token; nothing while it loads or if it fails. */
function ImagePreview({ customerId, attachment }: { customerId: number; attachment: Attachment }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let isCurrent = true;
    fetchAttachment(customerId, attachment).then(
      (blob) => {
        if (!isCurrent) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [customerId, attachment]);
  if (!url) return <Box sx={{ width: PREVIEW_SIZE, height: PREVIEW_SIZE, flexShrink: 0 }} />;
  return (
    <Box
      component="img"
      src={url}
      alt={`Preview of ${attachment.filename}`}
      sx={{ width: PREVIEW_SIZE, height: PREVIEW_SIZE, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
    />
  );
}

type NoteAttachmentsProps = {
  customerId: number;
  noteId: number;
  /** Tells the dialog a download or a delete failed (its warning alert shows it). */
  onError: (error: unknown) => void;
  /** Offer a delete button on each file (while the note is being edited). */
  canDelete?: boolean;
};

/**
 * A note's attached files, 5 a page, newest first: each with its size, a preview of images, and a download; with
 * `canDelete`, a delete that asks first ('Are you sure to delete this file?'), since a deleted file cannot come back.
 */
export function NoteAttachments({ customerId, noteId, onError, canDelete = false }: NoteAttachmentsProps) {
  const [page, setPage] = useState(0);
  const attachments = useAttachmentsQuery(customerId, noteId, page);
  const confirm = useConfirm();
  const deletion = useDeleteAttachmentMutation(customerId);

  const remove = async (attachment: Attachment) => {
    const isSure = await confirm({ title: 'Delete file', message: ATTACHMENT_MESSAGES.deleteConfirm });
    if (!isSure) return;
    try {
      await deletion.mutateAsync(attachment);
      // The last file of a later page gone: that page is empty, so show the one before.
      if (page > 0 && attachments.data?.data.length === 1) setPage(page - 1);
    } catch (error) {
      onError(error);
    }
  };

  const download = async (attachment: Attachment) => {
    try {
      saveFile(await fetchAttachment(customerId, attachment), attachment.filename);
    } catch (error) {
      onError(error);
    }
  };

  if (attachments.isError) {
    return (
      <LoadErrorAlert subject="The attachments" error={attachments.error} onRetry={() => void attachments.refetch()} />
    );
  }
  if (attachments.isPending) {
    return (
      <Box role="status" aria-busy="true" aria-label="Loading the attachments">
        <Skeleton />
      </Box>
    );
  }
  const { data, total } = attachments.data;
  if (total === 0) return <Typography color="text.secondary">No attachments</Typography>;
  return (
    <Box>
      <List dense aria-label="Attachments" aria-busy={attachments.isPlaceholderData}>
        {data.map((attachment) => (
          <ListItem
            key={attachment.id}
            secondaryAction={
              <Stack direction="row" spacing={0.5}>
                <IconButton
                  edge={canDelete ? false : 'end'}
                  aria-label={`Download ${attachment.filename}`}
                  onClick={() => void download(attachment)}
                >
                  <Download />
                </IconButton>
                {canDelete && (
                  <IconButton
                    edge="end"
                    aria-label={`Delete ${attachment.filename}`}
                    onClick={() => void remove(attachment)}
                    disabled={deletion.isPending}
                  >
                    <DeleteOutline />
                  </IconButton>
                )}
              </Stack>
            }
          >
            {attachment.contentType.startsWith('image/') && (
              <Box sx={{ mr: 1.5 }}>
                <ImagePreview customerId={customerId} attachment={attachment} />
              </Box>
            )}
            <ListItemText primary={attachment.filename} secondary={formatFileSize(attachment.size)} />
          </ListItem>
        ))}
      </List>
      {total > ATTACHMENTS_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={ATTACHMENTS_PAGE_SIZE}
          rowsPerPageOptions={[]}
        />
      )}
    </Box>
  );
}
