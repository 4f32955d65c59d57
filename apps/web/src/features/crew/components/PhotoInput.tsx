import { VISIT_PHOTO_ACCEPT } from '@lawn/shared';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import type { ChangeEvent } from 'react';
import { visuallyHiddenSx } from '../../../components/visually-hidden';

type PhotoInputProps = Omit<ButtonProps<'label'>, 'onChange' | 'component'> & {
  /** The input's accessible name, e.g. 'Check in at 12 Elm Street'. */
  label: string;
  onPhoto: (photo: File) => void;
};

/** A button that opens the phone's camera (the back one) and hands over the photo taken. */
export function PhotoInput({ label, onPhoto, children, ...buttonProps }: PhotoInputProps) {
  return (
    <Button component="label" startIcon={<PhotoCameraIcon />} {...buttonProps}>
      {children}
      <Box
        component="input"
        type="file"
        accept={VISIT_PHOTO_ACCEPT}
        capture="environment"
        aria-label={label}
        sx={visuallyHiddenSx}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const photo = event.target.files?.[0];
          // The same photo may be chosen again after a refusal.
          event.target.value = '';
          if (photo) onPhoto(photo);
        }}
      />
    </Button>
  );
}
