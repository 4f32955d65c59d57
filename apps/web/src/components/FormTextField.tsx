import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PasswordField } from './PasswordField';

type FormFieldProps<T extends FieldValues, TOutput = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  /** The form's control; a form whose submit receives the schema's output (not the typed values) fits too. */
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  /** A message the form tells once, above its fields, rather than under each field it marks. */
  formWideMessage?: string;
};

/** Wires a react-hook-form field to a TextField: value, touch, and the schema's message under it. */
function useFieldProps<T extends FieldValues, TOutput>({
  control,
  name,
  helperText,
  formWideMessage,
  ...props
}: FormFieldProps<T, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return {
    ...props,
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    disabled: props.disabled ?? field.disabled,
    error: fieldState.invalid,
    helperText: message === undefined || message === formWideMessage ? helperText : message,
  };
}

export function FormTextField<T extends FieldValues, TOutput = T>(props: FormFieldProps<T, TOutput>) {
  return <TextField {...useFieldProps(props)} />;
}

export function FormPasswordField<T extends FieldValues, TOutput = T>(props: Omit<FormFieldProps<T, TOutput>, 'type'>) {
  return <PasswordField {...useFieldProps(props)} />;
}
