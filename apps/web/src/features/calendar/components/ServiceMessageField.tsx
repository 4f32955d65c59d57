import { SERVICE_MESSAGE_MAX } from '@lawn/shared';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type ServiceMessageFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  isRequired?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
};

/** A skip reason or a write-in/redo message: up to 200 characters, with a live counter beside the message. */
export function ServiceMessageField<T extends FieldValues>({
  control,
  name,
  label,
  isRequired = false,
  autoFocus,
  disabled,
}: ServiceMessageFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const length = String(field.value ?? '').length;
  return (
    <TextField
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      required={isRequired}
      autoFocus={autoFocus}
      disabled={disabled}
      multiline
      minRows={3}
      fullWidth
      error={fieldState.invalid}
      helperText={
        <>
          <span>{fieldState.error?.message}</span>
          <span>
            {length}/{SERVICE_MESSAGE_MAX}
          </span>
        </>
      }
      slotProps={{
        formHelperText: { component: 'div', sx: { display: 'flex', justifyContent: 'space-between', gap: 2 } },
      }}
    />
  );
}
