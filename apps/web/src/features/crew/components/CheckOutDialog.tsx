import { VISIT_NOTE_MAX, type CrewStop } from '@lawn/shared';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useController } from 'react-hook-form';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { checkOutFormSchema } from '../check-out-form';
import { PhotoInput } from './PhotoInput';

type CheckOutDialogProps = {
  stop: CrewStop;
  onClose: () => void;
  onCheckOut: (values: { photo: File; note: string }) => Promise<void>;
};

/** Check out of a stop: a photo of the finished yard and a note, then the action is kept and sent. */
export function CheckOutDialog({ stop, onClose, onCheckOut }: CheckOutDialogProps) {
  const form = useSchemaForm(checkOutFormSchema, { defaultValues: { note: '', photo: undefined } });
  const photo = useController({ control: form.control, name: 'photo' });
  const chosen = photo.field.value as File | undefined;
  const submit = form.handleSubmit(async (values) => {
    await onCheckOut(values);
    onClose();
  });
  return (
    <FormDialog
      isOpen
      title="Check out"
      description={stop.serviceAddress}
      submitLabel="Check out"
      isPending={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <FormTextField
        control={form.control}
        name="note"
        label="Note"
        multiline
        minRows={3}
        helperText={`Up to ${VISIT_NOTE_MAX} characters`}
      />
      <Stack spacing={0.5}>
        <PhotoInput
          label={`Photo of ${stop.serviceAddress}`}
          variant="outlined"
          onPhoto={(file) => photo.field.onChange(file)}
        >
          {chosen ? 'Retake photo' : 'Take photo'}
        </PhotoInput>
        {chosen && <Typography variant="body2">{chosen.name}</Typography>}
        {photo.fieldState.error && <FormHelperText error>{photo.fieldState.error.message}</FormHelperText>}
      </Stack>
    </FormDialog>
  );
}
