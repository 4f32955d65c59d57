import {
  calendarDateIn,
  DEFAULT_NOTE_LOOKUP_TYPE,
  defaultNoteLookupDate,
  EMPTY_LOOKUP_FORM,
  LOOKUP_MESSAGES,
  LOOKUP_METHODS,
  lookupFilterString,
  mowYearOf,
  type LookupMethod,
  type LookupSearch,
} from '@lawn/shared';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { MessageDialog } from '../../../components/MessageDialog';
import { SubmitButton } from '../../../components/PendingButton';
import { useNotifyError } from '../../../components/notifier-context';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useLookupCountMutation, useSaveSearchMutation } from '../api/lookup-api';
import { countFilterOf, lookupFormSchema, lookupTarget, type LookupTarget } from '../lookup-form';
import { LookupMethodFields } from './LookupMethodFields';
import { SaveSearchDialog } from './SaveSearchDialog';

type Notice = { title?: string; message: string };

/** The wizard's starting values: this mow year, and the note look-up's day and type. */
function startValues() {
  const today = calendarDateIn(new Date());
  return {
    ...EMPTY_LOOKUP_FORM,
    year: String(mowYearOf(today)),
    noteDate: defaultNoteLookupDate(today),
    noteType: DEFAULT_NOTE_LOOKUP_TYPE,
  };
}

type LookupWizardProps = {
  /** Opens the results: the customer list with the filter, or a report page. */
  onOpen: (target: LookupTarget) => void;
};

/**
 * Market information: the search method, then its sub-form. Search counts the matches first: none shows 'oops',
 * otherwise the results open. Save keeps a search of the customer list under a name.
 */
export function LookupWizard({ onOpen }: LookupWizardProps) {
  const [defaults] = useState(startValues);
  const form = useSchemaForm(lookupFormSchema, { defaultValues: defaults });
  const method = useWatch({ control: form.control, name: 'method' });
  const count = useLookupCountMutation();
  const save = useSaveSearchMutation();
  const notifyError = useNotifyError();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [toSave, setToSave] = useState<string | null>(null);
  const methodCode = method === '' ? null : (Number(method) as LookupMethod);
  const currentYear = Number(defaults.year);

  const search = form.handleSubmit(async (lookup: LookupSearch) => {
    try {
      const total = await count.mutateAsync(countFilterOf(lookup));
      if (total === 0) setNotice({ title: LOOKUP_MESSAGES.noResultsTitle, message: LOOKUP_MESSAGES.noResults });
      else onOpen(lookupTarget(lookup));
    } catch (error) {
      notifyError(error);
    }
  });

  const askName = form.handleSubmit((lookup: LookupSearch) => {
    if (lookup.kind === 'customers') setToSave(lookupFilterString(lookup.filters));
  });

  const startSave = () => {
    // Nothing to save before a method is chosen.
    if (form.getValues('method') === '') setNotice({ message: LOOKUP_MESSAGES.noParameter });
    else void askName();
  };

  const changeMethod = (value: string) => {
    form.reset({ ...defaults, method: value });
  };

  const isReportMethod = methodCode === 12 || methodCode === 13 || methodCode === 14;

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <form onSubmit={(event) => void search(event)} noValidate aria-label="Lookup">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={form.control}
              name="method"
              render={({ field, fieldState }) => (
                <TextField
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  // Another method starts its sub-form afresh.
                  onChange={(event) => changeMethod(event.target.value)}
                  onBlur={field.onBlur}
                  error={fieldState.invalid}
                  helperText={fieldState.error?.message}
                  label="Search method"
                  select
                  fullWidth
                  required
                >
                  {Object.entries(LOOKUP_METHODS).map(([code, label]) => (
                    <MenuItem key={code} value={code}>
                      {`${code} ${label}`}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <LookupMethodFields method={methodCode} control={form.control} currentYear={currentYear} />
        </Grid>
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          {!isReportMethod && (
            <Button variant="outlined" color="secondary" onClick={startSave}>
              Save
            </Button>
          )}
          <SubmitButton isPending={form.formState.isSubmitting}>Search</SubmitButton>
        </Stack>
      </form>
      <SaveSearchDialog
        isOpen={toSave !== null}
        onCancel={() => setToSave(null)}
        onSave={async (name) => {
          await save.mutateAsync({ name, filter: toSave ?? '' });
          setToSave(null);
          setNotice({ title: LOOKUP_MESSAGES.savedTitle, message: LOOKUP_MESSAGES.saved });
        }}
      />
      <MessageDialog
        isOpen={notice !== null}
        title={notice?.title}
        message={notice?.message}
        onClose={() => setNotice(null)}
      />
    </LocalizationProvider>
  );
}
