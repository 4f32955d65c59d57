import type { AddressSuggestion } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { formatPercent } from '../../lib/format';
import { PlaceMap, type MapPosition } from './PlaceMap';
import type { PlaceChange, ServiceAddressValue } from './service-address';
import { useServiceAddress } from './use-service-address';

export const SUGGESTIONS_UNAVAILABLE_MESSAGE = 'Address suggestions are unavailable: tick Manual to type the address.';
export const CHOOSE_SUGGESTION_MESSAGE = 'Choose a suggestion, or tick Manual to keep the address as typed.';

export type ServiceAddressErrors = Partial<Record<'serviceAddress' | 'zipcode' | 'city' | 'state' | 'market', string>>;

type ServiceAddressFormProps = {
  value: ServiceAddressValue;
  onChange: (value: ServiceAddressValue) => void;
  /** Told when a zip look-up sets or clears the market and tax rate, so a parent can price again. */
  onPlaceChange?: (place: PlaceChange) => void;
  /** Told the zips whose look-up failed, so the parent's billing zip refuses them too (zipcodeSchema). */
  onInvalidZipsChange?: (invalidZips: readonly string[]) => void;
  /** The parent's own messages for the fields (a failed save's field errors). */
  errors?: ServiceAddressErrors;
  disabled?: boolean;
};

const suggestionLabel = (suggestion: AddressSuggestion | string) =>
  typeof suggestion === 'string' ? suggestion : suggestion.serviceAddress;

/**
 * The service address of the record screen and the new-customer wizard: the street address
 * chosen from the suggestions or typed by hand (Manual; typed text is only a search until one is chosen), the zip code looked up on Enter or at its fifth digit, which fills the
 * city, state, market and tax rate and shows the zone's exceptions, and a map of where the address is. A zip whose
 * look-up fails is marked invalid under the field. Controlled: the parent holds the value.
 */
export function ServiceAddressForm({
  value,
  onChange,
  onPlaceChange,
  onInvalidZipsChange,
  errors = {},
  disabled = false,
}: ServiceAddressFormProps) {
  const address = useServiceAddress({ value, onChange, onPlaceChange, onInvalidZipsChange });
  const { lat, lng, isPositionApproximate } = value;
  const position = useMemo<MapPosition | null>(
    () => (lat === null || lng === null ? null : { lat, lng, isApproximate: isPositionApproximate }),
    [lat, lng, isPositionApproximate],
  );
  const addressHelp =
    errors.serviceAddress ??
    (address.isSuggestionsUnavailable ? SUGGESTIONS_UNAVAILABLE_MESSAGE : undefined) ??
    (address.isAddressUnchosen ? CHOOSE_SUGGESTION_MESSAGE : undefined);

  return (
    <Stack spacing={2}>
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 9 }}>
          {value.isServiceAddressManual ? (
            <TextField
              label="Service address"
              value={value.serviceAddress}
              onChange={(event) => address.changeAddress(event.target.value)}
              error={errors.serviceAddress !== undefined}
              helperText={errors.serviceAddress}
              disabled={disabled}
              required
              fullWidth
            />
          ) : (
            <Autocomplete<AddressSuggestion, false, false, true>
              freeSolo
              options={address.suggestions}
              // The server already matched; the typed text is no filter of its own.
              filterOptions={(options) => options}
              getOptionLabel={suggestionLabel}
              inputValue={address.addressText}
              onInputChange={(_event, text, reason) => {
                if (reason === 'input' || reason === 'clear') address.changeAddress(text);
              }}
              onChange={(_event, chosen) => {
                if (chosen !== null && typeof chosen !== 'string') void address.chooseSuggestion(chosen);
              }}
              loading={address.isSuggesting}
              disabled={disabled}
              renderOption={({ key: _key, ...props }, suggestion) => (
                <li key={`${suggestion.serviceAddress}|${suggestion.zipcode}`} {...props}>
                  {suggestion.serviceAddress}, {suggestion.city}, {suggestion.state} {suggestion.zipcode}
                  {suggestion.isKnown ? ' (a customer’s address)' : ''}
                </li>
              )}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Service address"
                  required
                  error={errors.serviceAddress !== undefined}
                  helperText={addressHelp}
                />
              )}
            />
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={value.isServiceAddressManual}
                onChange={(event) => address.changeManual(event.target.checked)}
                disabled={disabled}
              />
            }
            label="Manual"
            sx={{ mt: 1 }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4, md: 2 }}>
          <TextField
            label="Zip code"
            value={value.zipcode}
            onChange={(event) => address.changeZip(event.target.value)}
            onKeyDown={address.zipKeyDown}
            onBlur={address.touchZip}
            error={(errors.zipcode ?? address.zipProblem) !== undefined}
            helperText={
              errors.zipcode ?? address.zipProblem ?? (address.isCheckingZip ? 'Looking up the zip code…' : undefined)
            }
            disabled={disabled}
            required
            fullWidth
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 5, autoComplete: 'postal-code' },
              input: { endAdornment: address.isCheckingZip ? <CircularProgress size={18} aria-hidden /> : undefined },
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 5, md: 3 }}>
          <TextField
            label="City"
            value={value.city}
            onChange={(event) => address.changeCity(event.target.value)}
            error={errors.city !== undefined}
            helperText={errors.city}
            disabled={disabled}
            required
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 3, md: 2 }}>
          <TextField
            label="State"
            value={value.state}
            onChange={(event) => address.changeState(event.target.value)}
            error={errors.state !== undefined}
            helperText={errors.state}
            disabled={disabled}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: 2 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            label="Market"
            value={value.marketName}
            error={errors.market !== undefined}
            helperText={errors.market ?? 'From the zip code’s service zone'}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>
          <TextField
            label="Tax rate"
            value={formatPercent(value.taxRate)}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
          />
        </Grid>
      </Grid>
      {value.exceptions !== '' && (
        <Alert severity="warning" aria-label="Zone exceptions">
          <strong>Zone exceptions:</strong> {value.exceptions}
        </Alert>
      )}
      <PlaceMap position={position} />
    </Stack>
  );
}
