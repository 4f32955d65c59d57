import { VISIT_PHOTO_ACCEPT } from '@lawn/shared';
import { PhotoCameraIcon } from '../../../components/icons';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useRef } from 'react';

type PhotoInputProps = Omit<ButtonProps, 'onChange' | 'onClick'> & {
  /** The file input's accessible name, e.g. 'Check in at 12 Elm Street'. */
  label: string;
  onPhoto: (photo: File) => void;
};

/**
 * A button that opens the phone's camera (the back one) and hands over the photo taken. The file input itself is
 * hidden and opened by the button, so the button holds no second control inside it.
 */
export function PhotoInput({ label, onPhoto, children, ...buttonProps }: PhotoInputProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={VISIT_PHOTO_ACCEPT}
        capture="environment"
        hidden
        aria-label={label}
        onChange={(event) => {
          const photo = event.target.files?.[0];
          // The same photo may be chosen again after a refusal.
          event.target.value = '';
          if (photo) onPhoto(photo);
        }}
      />
      <Button startIcon={<PhotoCameraIcon />} {...buttonProps} onClick={() => input.current?.click()}>
        {children}
      </Button>
    </>
  );
}
