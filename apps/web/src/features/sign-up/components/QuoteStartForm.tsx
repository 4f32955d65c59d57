import {
  QUOTE_START_MESSAGES as M,
  quoteStartSchema,
  ZIP_PATTERN,
  type AddressSuggestion,
  type QuoteStart,
} from '@lawn/shared';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useAddressSuggestionsQuery } from '../../../components/service-address/places-api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

const TYPING_PAUSE_MS = 300;

type QuoteStartFormProps = {
  /** What the visitor gave before (a link's address without a valid zip, a quote started earlier). */
  initial: QuoteStart;
  onStart: (start: QuoteStart) => void;
};

const suggestionLabel = (suggestion: AddressSuggestion | string) =>
  typeof suggestion === 'string' ? suggestion : suggestion.serviceAddress;

/** The first message of each field the start's rule refuses. */
function startErrors(value: QuoteStart): Partial<Record<keyof QuoteStart, string>> {
  const errors: Partial<Record<keyof QuoteStart, string>> = {};
  for (const issue of quoteStartSchema.safeParse(value).error?.issues ?? []) {
    errors[issue.path[0] as keyof QuoteStart] ??= issue.message;
  }
  return errors;
}

/**
 * The quote's start, for a visitor who came without a quote link: the street address and its zip code, then the
 * quote. The address is what the visitor types, key by key, or a suggestion of the public address search (streets
 * the business serves, never a customer's address), which fills the zip code too. A typed address is kept as typed: a
 * prospect's street need not be one the suggestions know.
 */
export function QuoteStartForm({ initial, onStart }: QuoteStartFormProps) {
  const [value, setValue] = useState<QuoteStart>(initial);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const typed = useDebouncedValue(value.serviceAddress, TYPING_PAUSE_MS);
  const suggestions = useAddressSuggestionsQuery(
    typed,
    ZIP_PATTERN.test(value.zipcode) ? value.zipcode : undefined,
    true,
    'public',
  );
  const errors = isSubmitted ? startErrors(value) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    const parsed = quoteStartSchema.safeParse(value);
    if (parsed.success) onStart(parsed.data);
  };

  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={3} component="form" noValidate onSubmit={submit} aria-labelledby="quote-start-title">
        <Typography id="quote-start-title" component="h1" variant="h4">
          {M.title}
        </Typography>
        <Typography>{M.intro}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Autocomplete<AddressSuggestion, false, false, true>
            freeSolo
            fullWidth
            options={suggestions.data ?? []}
            // The server already matched; the typed text is no filter of its own.
            filterOptions={(options) => options}
            getOptionLabel={suggestionLabel}
            inputValue={value.serviceAddress}
            onInputChange={(_event, text, reason) => {
              if (reason === 'input' || reason === 'clear')
                setValue((current) => ({ ...current, serviceAddress: text }));
            }}
            onChange={(_event, chosen) => {
              if (chosen === null || typeof chosen === 'string') return;
              setValue({ serviceAddress: chosen.serviceAddress, zipcode: chosen.zipcode });
            }}
            loading={suggestions.isFetching}
            renderOption={({ key: _key, ...props }, suggestion) => (
              <li key={`${suggestion.serviceAddress}|${suggestion.zipcode}`} {...props}>
                {suggestion.serviceAddress}, {suggestion.city}, {suggestion.state} {suggestion.zipcode}
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Street address"
                required
                error={errors.serviceAddress !== undefined}
                helperText={errors.serviceAddress}
              />
            )}
          />
          <TextField
            label="Zip code"
            value={value.zipcode}
            onChange={(event) => {
              const zipcode = event.target.value.replace(/\D/g, '').slice(0, 5);
              setValue((current) => ({ ...current, zipcode }));
            }}
            error={errors.zipcode !== undefined}
            helperText={errors.zipcode}
            required
            sx={{ width: { xs: '100%', sm: 160 }, flexShrink: 0 }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, autoComplete: 'postal-code' } }}
          />
        </Stack>
        <div>
          <Button type="submit" variant="contained" size="large">
            {M.submit}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
