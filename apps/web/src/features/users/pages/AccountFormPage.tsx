import { USER_FORM_ROLES, type UserDetail } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { FormPasswordField, FormTextField } from '../../../components/FormTextField';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotify, useNotifyError } from '../../../components/notifier-context';
import { PageLoader } from '../../../components/PageLoader';
import { SubmitButton } from '../../../components/PendingButton';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  ACCOUNT_FORM_FIELDS,
  ACCOUNT_KINDS,
  accountFormSchema,
  accountFormValues,
  type AccountKind,
} from '../account-kinds';
import { ACCOUNT_PAGES, readAccountId } from '../account-pages';
import { useAccountQuery, useMarketsQuery, useSaveAccountMutation } from '../api/users-api';

/** The roles' names as the form shows them. */
const ROLE_LABELS: Record<string, string> = {
  Admin: 'Admin',
  Manager: 'Manager',
  Representative: 'Representative',
  'customer-service': 'Customer service',
};

type AccountFormProps = { kind: AccountKind; account: UserDetail | undefined };

function AccountForm({ kind, account }: AccountFormProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const isEdit = account !== undefined;
  const pages = ACCOUNT_PAGES[kind];
  const fields = isEdit ? ACCOUNT_KINDS[kind].editFields : ACCOUNT_KINDS[kind].createFields;
  const shows = (field: (typeof fields)[number]) => fields.includes(field);
  const markets = useMarketsQuery();
  const save = useSaveAccountMutation(kind, account);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useSchemaForm(accountFormSchema(kind, isEdit), { defaultValues: accountFormValues(account) });
  const { field: crewField, fieldState: crewState } = useController({ control: form.control, name: 'crewNumber' });
  const backToList = () => void navigate(pages.list);

  const submit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      const answer = await save.mutateAsync(body);
      notify(answer.message, 'success');
      backToList();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) {
        notifyError(error);
        return;
      }
      // A field's refusal (a taken e-mail above all) goes to its field; anything else above the form.
      if (error.status === 409 || !applyFieldErrors(error, form.setError, ACCOUNT_FORM_FIELDS)) {
        setRefusal(errorMessage(error));
      }
    }
  });

  const passwordHelp = isEdit
    ? 'Leave empty to keep the current password.'
    : 'Leave empty to e-mail a link where they choose their own password.';

  return (
    <Paper component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ p: 3, maxWidth: 640 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {isEdit ? `Edit ${pages.noun}` : `Create ${pages.noun}`}
        </Typography>
        {refusal && <Alert severity="error">{refusal}</Alert>}
        <FormTextField control={form.control} name="firstName" label="First name" required fullWidth />
        <FormTextField control={form.control} name="lastName" label="Last name" required fullWidth />
        {isEdit ? (
          <TextField label="Email" value={account.email} disabled fullWidth />
        ) : (
          <FormTextField control={form.control} name="email" label="Email" type="email" required fullWidth />
        )}
        {shows('password') && (
          <FormPasswordField
            control={form.control}
            name="password"
            label="Password"
            autoComplete="new-password"
            helperText={form.formState.errors.password?.message ?? passwordHelp}
            fullWidth
          />
        )}
        {shows('role') && (
          <FormTextField control={form.control} name="role" label="Role" select required fullWidth>
            {USER_FORM_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {ROLE_LABELS[role]}
              </MenuItem>
            ))}
          </FormTextField>
        )}
        {shows('crewNumber') && (
          <TextField
            label="Crew number"
            name={crewField.name}
            value={crewField.value}
            inputRef={crewField.ref}
            onBlur={crewField.onBlur}
            // Crew numbers are digits only, at most 5 of them.
            onChange={(event) => crewField.onChange(event.target.value.replace(/\D/g, '').slice(0, 5))}
            error={crewState.error !== undefined}
            helperText={crewState.error?.message}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            required
            fullWidth
          />
        )}
        {shows('serviceMarketId') && (
          <FormTextField
            control={form.control}
            name="serviceMarketId"
            label="Market"
            select
            required
            fullWidth
            disabled={!markets.data}
          >
            {(markets.data ?? []).map((market) => (
              <MenuItem key={market.id} value={market.id}>
                {market.name}
              </MenuItem>
            ))}
          </FormTextField>
        )}
        {shows('status') && (
          <FormTextField
            control={form.control}
            name="status"
            label="Status"
            select
            fullWidth
            helperText="An inactive account cannot sign in; its sessions end at once."
          >
            <MenuItem value={1}>Active</MenuItem>
            <MenuItem value={0}>Inactive</MenuItem>
          </FormTextField>
        )}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={backToList}>Cancel</Button>
          <SubmitButton variant="contained" isPending={form.formState.isSubmitting}>
            Save
          </SubmitButton>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * Creates or edits an account of one kind: the account's id travels in the navigation state (0 or none creates one),
 * and saving goes back to the kind's list.
 */
export function AccountFormPage({ kind }: { kind: AccountKind }) {
  const location = useLocation();
  const id = readAccountId(location.state);
  const account = useAccountQuery(kind, id);
  if (id > 0 && account.isPending) return <PageLoader />;
  if (id > 0 && account.isError) {
    return <LoadErrorAlert subject="This account" error={account.error} onRetry={() => void account.refetch()} />;
  }
  return <AccountForm key={`${id}-${account.data?.version ?? 0}`} kind={kind} account={account.data} />;
}
