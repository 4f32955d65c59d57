import { UploadDialog } from '../../../components/UploadDialog';
import { useUploadPaymentsMutation } from '../api/users-api';

type PaymentUploadDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** Called with the server's notice once every row is saved. */
  onUploaded: (message: string) => void;
};

/** The upload dialog sending a crew payment file: every row is saved, or none and each bad line is named. */
export function PaymentUploadDialog({ isOpen, onClose, onUploaded }: PaymentUploadDialogProps) {
  const upload = useUploadPaymentsMutation();
  return (
    <UploadDialog
      isOpen={isOpen}
      onClose={onClose}
      upload={upload.mutateAsync}
      isPending={upload.isPending}
      onUploaded={onUploaded}
    />
  );
}
