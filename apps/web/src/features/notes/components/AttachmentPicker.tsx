import { ATTACHMENT_ACCEPT, formatFileSize } from '@lawn/shared';
import { AttachFileIcon as AttachFile, CloseIcon as Close } from '../../../components/icons';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useRef, type ChangeEvent } from 'react';
import { addChosenFiles } from '../attachment-files';

type AttachmentPickerProps = {
  /** The files chosen so far, attached when the note is saved. */
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** The messages of the files refused (not a JPEG, PNG or audio), or null once a choice is fine. */
  onRefused: (message: string | null) => void;
  isDisabled: boolean;
};

/** Choose files to attach (several at once), see each with its name and size, and remove one before saving. */
export function AttachmentPicker({ files, onChange, onRefused, isDisabled }: AttachmentPickerProps) {
  const input = useRef<HTMLInputElement>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    // The same file may be chosen again after it was removed.
    event.target.value = '';
    const result = await addChosenFiles(files, chosen);
    onRefused(result.refused.length > 0 ? result.refused.join(' ') : null);
    onChange(result.files);
  };

  return (
    <Stack spacing={0.5}>
      <input
        ref={input}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        multiple
        hidden
        aria-label="Files to attach"
        onChange={(event) => void choose(event)}
      />
      <Button
        variant="outlined"
        startIcon={<AttachFile />}
        onClick={() => input.current?.click()}
        disabled={isDisabled}
        sx={{ alignSelf: 'flex-start' }}
      >
        Attach files
      </Button>
      {files.length > 0 && (
        <List dense aria-label="Files to attach when saving">
          {files.map((file) => (
            <ListItem
              key={file.name}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${file.name}`}
                  disabled={isDisabled}
                  onClick={() => onChange(files.filter((other) => other !== file))}
                >
                  <Close />
                </IconButton>
              }
            >
              <ListItemText primary={file.name} secondary={formatFileSize(file.size)} />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
