import { formatPhone, publicPagesFormSchema, type SettingsValues } from '@lawn/shared';
import Stack from '@mui/material/Stack';
import { FormTextField } from '../../../components/FormTextField';
import { SubmitButton } from '../../../components/PendingButton';
import { useSchemaForm } from '../../../lib/use-schema-form';

type Props = {
  values: Pick<SettingsValues, 'officePhone' | 'officeHours'>;
  isPending: boolean;
  onSave: (values: Pick<SettingsValues, 'officePhone' | 'officeHours'>) => void;
};

/** The office phone and hours the foot of every public and customer page shows. */
export function PublicPagesForm({ values, isPending, onSave }: Props) {
  const form = useSchemaForm(publicPagesFormSchema, {
    defaultValues: { officePhone: formatPhone(values.officePhone), officeHours: values.officeHours },
  });
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={(event) => void form.handleSubmit(onSave)(event)}>
      <FormTextField
        control={form.control}
        name="officePhone"
        label="Office phone"
        helperText="A 10-digit US number; empty: the pages show the hours only"
        fullWidth
      />
      <FormTextField control={form.control} name="officeHours" label="Office hours" required fullWidth />
      <div>
        <SubmitButton isPending={isPending}>Save public pages</SubmitButton>
      </div>
    </Stack>
  );
}
