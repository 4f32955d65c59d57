import {
  isUploadFileName,
  UPLOAD_FILE_EXTENSIONS,
  UPLOAD_FILE_MAX_BYTES,
  UPLOAD_MESSAGES,
  uploadTitleSchema,
} from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type DragEvent } from 'react';
import { z } from 'zod';
import { ApiError } from '../lib/api-client';
import { errorMessage, readFieldErrors } from '../lib/error-message';
import { useSchemaForm } from '../lib/use-schema-form';
import { FormTextField } from './FormTextField';
import { useNotifyError } from './notifier-context';

/** The dialog's own field: the title the file is saved under (the file itself is chosen, not typed). */
const uploadFormSchema = z.object({ title: uploadTitleSchema });

type UploadDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** Sends the file under its title and answers the server's notice; a refusal throws the server's error. */
  upload: (values: { title: string; file: File }) => Promise<{ message: string }>;
  isPending: boolean;
  /** Called with the server's notice once the file is taken. */
  onUploaded: (message: string) => void;
};

/** Every line the server named, or its one message. */
function refusalLines(error: unknown): string[] {
  if (error instanceof ApiError) {
    const body = error.body as { errors?: Record<string, string[]> } | undefined;
    const lines = body?.errors?.file ?? body?.errors?.title;
    if (lines && lines.length > 0) return lines;
  }
  return [errorMessage(error)];
}

/**
 * The upload dialog ('Price update detail') of the office's spreadsheets: a title, then a .csv or .xlsx file dropped
 * or chosen. Choosing the file saves it at once; a file with any bad row saves nothing, and each bad line is listed.
 */
export function UploadDialog({ isOpen, onClose, upload, isPending, onUploaded }: UploadDialogProps) {
  const titleId = useId();
  const notifyError = useNotifyError();
  const form = useSchemaForm(uploadFormSchema, { defaultValues: { title: '' } });
  const input = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const send = async (file: File) => {
    setProblems([]);
    if (!isUploadFileName(file.name)) return setProblems([UPLOAD_MESSAGES.fileType]);
    if (file.size > UPLOAD_FILE_MAX_BYTES) return setProblems([UPLOAD_MESSAGES.fileTooLarge]);
    await form.handleSubmit(async ({ title }) => {
      try {
        const answer = await upload({ title, file });
        onUploaded(answer.message);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) {
          notifyError(error);
          return;
        }
        const titleError = readFieldErrors(error).title;
        if (titleError) form.setError('title', { type: 'server', message: titleError });
        else setProblems(refusalLines(error));
      }
    })();
  };

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (file) void send(file);
  };
  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setIsDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <Dialog open={isOpen} onClose={isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{UPLOAD_MESSAGES.dialogTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={form.control} name="title" label="Title" required fullWidth />
          <Box
            onDragOver={(event) => {
              event.preventDefault();
              setIsDragging(true);
            }}
            onDragLeave={() => setIsDragging(false)}
            onDrop={drop}
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: isDragging ? 'primary.main' : 'divider',
              borderRadius: 1,
              p: 3,
              textAlign: 'center',
            }}
          >
            {isPending ? (
              <CircularProgress aria-label="Uploading" />
            ) : (
              <>
                <Typography sx={{ mb: 1 }}>Drop a .csv or .xlsx file here, or</Typography>
                <Button variant="outlined" component="label">
                  Choose a file
                  <input
                    ref={input}
                    hidden
                    type="file"
                    accept={UPLOAD_FILE_EXTENSIONS.join(',')}
                    onChange={(event) => choose(event.target.files?.[0])}
                  />
                </Button>
              </>
            )}
          </Box>
          {problems.length > 0 && (
            <Alert severity="error">
              {problems.length === 1 ? (
                problems[0]
              ) : (
                <>
                  {UPLOAD_MESSAGES.invalid}
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {problems.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </Box>
                </>
              )}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
