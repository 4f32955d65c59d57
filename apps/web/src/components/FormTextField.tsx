import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PasswordField } from './PasswordField';

type FormFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/** Wires a react-hook-form field to a TextField: value, touch, and the schema's message under it. */
function useFieldProps<T extends FieldValues>({ control, name, helperText, ...props }: FormFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return {
    ...props,
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    disabled: props.disabled ?? field.disabled,
    error: fieldState.invalid,
    helperText: fieldState.error?.message ?? helperText,
  };
}

export function FormTextField<T extends FieldValues>(props: FormFieldProps<T>) {
  return <TextField {...useFieldProps(props)} />;
}

export function FormPasswordField<T extends FieldValues>(props: Omit<FormFieldProps<T>, 'type'>) {
  return <PasswordField {...useFieldProps(props)} />;
}
