import { customerPatchSchema, type CustomerDetail } from '@lawn/shared';
import { CheckIcon as Check, CloseIcon as Close, EditIcon as Edit } from '../../../components/icons';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { FormTextField } from '../../../components/FormTextField';
import { useNotifyError } from '../../../components/notifier-context';
import { applyFieldErrors } from '../../../lib/form-errors';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { usePatchCustomerMutation } from '../api/customers-api';
import { useSchemaForm } from '../../../lib/use-schema-form';

// The same rules and messages the API applies to PATCH /api/customers/{id}.
const nameSchema = z.object({
  firstName: customerPatchSchema.shape.firstName.unwrap(),
  lastName: customerPatchSchema.shape.lastName.unwrap(),
});

type NameFormProps = { customer: CustomerDetail; onDone: () => void };

function NameForm({ customer, onDone }: NameFormProps) {
  const notifyError = useNotifyError();
  const patch = usePatchCustomerMutation(customer.id, { meta: FORM_SHOWS_ERRORS });
  const form = useSchemaForm(nameSchema, {
    defaultValues: { firstName: customer.firstName, lastName: customer.lastName },
  });

  const submit = form.handleSubmit((values) => {
    if (values.firstName === customer.firstName && values.lastName === customer.lastName) {
      onDone();
      return;
    }
    patch.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['firstName', 'lastName'])) notifyError(error);
      },
    });
  });

  return (
    <Box
      component="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Edit name"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || patch.isPending) return;
        event.stopPropagation();
        onDone();
      }}
    >
      {/* Enter in either field submits the form; Escape cancels. */}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <FormTextField
          control={form.control}
          name="firstName"
          label="First name"
          size="small"
          autoFocus
          disabled={patch.isPending}
        />
        <FormTextField
          control={form.control}
          name="lastName"
          label="Last name"
          size="small"
          disabled={patch.isPending}
        />
        <IconButton type="submit" aria-label="Save name" color="secondary" disabled={patch.isPending}>
          {patch.isPending ? <CircularProgress size={20} aria-label="Saving" /> : <Check />}
        </IconButton>
        <IconButton aria-label="Cancel name edit" onClick={onDone} disabled={patch.isPending}>
          <Close />
        </IconButton>
      </Stack>
    </Box>
  );
}

/** The customer's name; clicking it edits first and last name in place. */
export function CustomerNameEditor({ customer }: { customer: CustomerDetail }) {
  const [isEditing, setIsEditing] = useState(false);
  if (isEditing) return <NameForm customer={customer} onDone={() => setIsEditing(false)} />;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Typography variant="h5" component="h2">
        <ButtonBase
          onClick={() => setIsEditing(true)}
          title="Click to edit the name"
          sx={{ font: 'inherit', borderRadius: 1, px: 0.5, mx: -0.5, '&:hover': { bgcolor: 'action.hover' } }}
        >
          {customer.fullName}
        </ButtonBase>
      </Typography>
      <IconButton size="small" aria-label="Edit name" onClick={() => setIsEditing(true)}>
        <Edit fontSize="small" />
      </IconButton>
    </Stack>
  );
}
