import {
  AVAILABILITY_TIME_ZONES,
  formatPhone,
  marketUpdateSchema,
  type EditableMarket,
  type MarketUpdate,
} from '@lawn/shared';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { useNotifyError } from '../../../components/notifier-context';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { applyFieldErrors } from '../../../lib/form-errors';
import { checkedFormSchema, useSchemaForm } from '../../../lib/use-schema-form';

type MarketFormValues = {
  name: string;
  taxRate: string;
  timeZone: string;
  phone: string;
  depot: { address: string; lat: string; lng: string };
};

const marketFieldsSchema = marketUpdateSchema.omit({ version: true });
type MarketFields = Omit<MarketUpdate, 'version'>;

/** The fields the server may refuse, named as its errors name them (`depot.lat`). */
const FIELDS = ['name', 'taxRate', 'timeZone', 'phone', 'depot.address', 'depot.lat', 'depot.lng'] as const;

const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The typed tax rate and depot position are text; the shared rules check them as the numbers the API is sent. A
 * depot left wholly empty is none; once any of its fields is typed, the shared rules ask for a whole position.
 */
const marketFormSchema = checkedFormSchema<MarketFormValues, MarketFields>(({ depot, ...values }) => {
  const isDepotEmpty = [depot.address, depot.lat, depot.lng].every((text) => text.trim() === '');
  const parsed = marketFieldsSchema.safeParse({
    ...values,
    taxRate: typedNumber(values.taxRate),
    depot: isDepotEmpty ? null : { address: depot.address, lat: typedNumber(depot.lat), lng: typedNumber(depot.lng) },
  });
  if (parsed.success) return { data: parsed.data };
  const errors: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { errors };
});

type Props = {
  market: EditableMarket;
  onClose: () => void;
  /** Saves the update; a refusal rejects with the server's answer, shown here (on its fields when it names them). */
  onSave: (update: MarketUpdate) => Promise<unknown>;
};

/**
 * A market's name, tax rate, time zone, office phone and depot (where its crews start and end their day, the start
 * and end of every ordered route); saved from the version the page read (the page closes it).
 */
export function EditMarketDialog({ market, onClose, onSave }: Props) {
  const notifyError = useNotifyError();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useSchemaForm(marketFormSchema, {
    defaultValues: {
      name: market.name,
      taxRate: String(market.taxRate),
      timeZone: market.timeZone,
      phone: formatPhone(market.phone),
      depot: {
        address: market.depot?.address ?? '',
        lat: market.depot ? String(market.depot.lat) : '',
        lng: market.depot ? String(market.depot.lng) : '',
      },
    },
  });
  const submit = form.handleSubmit(async (fields) => {
    setRefusal(null);
    try {
      await onSave({ ...fields, version: market.version });
    } catch (error) {
      // Changed since it was read (409), or refused without naming a field: said above the fields.
      if (!(error instanceof ApiError) || error.status >= 500) notifyError(error);
      else if (error.status === 409 || !applyFieldErrors(error, form.setError, FIELDS)) {
        setRefusal(errorMessage(error));
      }
    }
  });
  return (
    <FormDialog
      isOpen
      title={`Edit market ${market.name}`}
      error={refusal}
      submitLabel="Save market"
      isPending={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={form.control} name="name" label="Name" required fullWidth />
        <FormTextField control={form.control} name="taxRate" label="Tax rate (%)" required fullWidth />
        <FormTextField control={form.control} name="timeZone" label="Time zone" select required fullWidth>
          {AVAILABILITY_TIME_ZONES.map((zone) => (
            <MenuItem key={zone} value={zone}>
              {zone}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={form.control} name="phone" label="Office phone" fullWidth />
        <Typography component="h3" variant="subtitle2">
          Depot: where the crews start and end their day
        </Typography>
        <FormTextField control={form.control} name="depot.address" label="Depot address" fullWidth />
        <Stack direction="row" spacing={2}>
          {(['lat', 'lng'] as const).map((axis) => (
            <FormTextField
              key={axis}
              control={form.control}
              name={`depot.${axis}`}
              label={axis === 'lat' ? 'Depot latitude' : 'Depot longitude'}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          ))}
        </Stack>
      </Stack>
    </FormDialog>
  );
}
