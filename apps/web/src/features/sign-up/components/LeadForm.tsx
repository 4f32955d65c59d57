import { LEAD_MESSAGES as M, leadRequestSchema, type LeadRequest } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { MaskedTextField, PHONE_MASK } from '../../../components/MaskedTextField';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, readFieldErrors } from '../../../lib/error-message';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { useCreateLeadMutation } from '../api/create-lead';

type LeadFields = 'name' | 'phone' | 'email';
type LeadErrors = Partial<Record<LeadFields | 'zipcode', string>>;

type LeadFormProps = {
  /** The address and zip code the visitor asked a quote for. */
  serviceAddress: string;
  zipcode: string;
};

/** The first message of each field the lead's rule refuses. */
function leadErrors(lead: LeadRequest): LeadErrors {
  const errors: LeadErrors = {};
  for (const issue of leadRequestSchema.safeParse(lead).error?.issues ?? []) {
    errors[issue.path[0] as keyof LeadErrors] ??= issue.message;
  }
  return errors;
}

/**
 * What a visitor whose zip code is not served can still do: leave a name, a phone and an e-mail address, which the
 * office sees on its Leads list and calls back once it mows there. Sent once per intended lead (its Idempotency-Key);
 * the server's refusals are shown at their fields.
 */
export function LeadForm({ serviceAddress, zipcode }: LeadFormProps) {
  const [fields, setFields] = useState<Record<LeadFields, string>>({ name: '', phone: '', email: '' });
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<LeadErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateLeadMutation();
  const idempotencyKey = useIdempotencyKey();
  const lead: LeadRequest = { ...fields, serviceAddress, zipcode };
  const errors: LeadErrors = { ...(isSubmitted ? leadErrors(lead) : {}), ...serverErrors };

  if (create.isSuccess) return <Alert severity="success">{M.created}</Alert>;

  const change = (field: LeadFields, text: string) => {
    setFields((current) => ({ ...current, [field]: text }));
    setServerErrors(({ [field]: _changed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    setFailure(null);
    if (Object.keys(leadErrors(lead)).length > 0) return;
    create.mutate(
      { lead, idempotencyKey: idempotencyKey.current() },
      {
        onSuccess: () => idempotencyKey.settle(null),
        onError: (error) => {
          idempotencyKey.settle(error);
          const byField = readFieldErrors(error);
          setServerErrors(byField);
          const isShownAtField = error instanceof ApiError && error.status === 400 && Object.keys(byField).length > 0;
          if (!isShownAtField || byField['zipcode']) setFailure(byField['zipcode'] ?? errorMessage(error));
        },
      },
    );
  };

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={submit} aria-labelledby="lead-form-title">
      <Typography id="lead-form-title" component="h2" variant="h6">
        {M.formTitle}
      </Typography>
      <Typography>{M.formIntro}</Typography>
      <TextField
        label="Name"
        value={fields.name}
        onChange={(event) => change('name', event.target.value)}
        error={errors.name !== undefined}
        helperText={errors.name}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'name' } }}
      />
      <MaskedTextField
        label="Phone"
        pattern={PHONE_MASK}
        value={fields.phone}
        onChange={(phone) => change('phone', phone)}
        error={errors.phone !== undefined}
        helperText={errors.phone ?? PHONE_MASK}
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel-national' } }}
      />
      <TextField
        label="E-mail"
        type="email"
        value={fields.email}
        onChange={(event) => change('email', event.target.value)}
        error={errors.email !== undefined}
        helperText={errors.email}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: 255, autoComplete: 'email' } }}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
      <div>
        <Button type="submit" variant="contained" loading={create.isPending}>
          Send
        </Button>
      </div>
    </Stack>
  );
}
