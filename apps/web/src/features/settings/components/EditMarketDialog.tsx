import {
  AVAILABILITY_TIME_ZONES,
  formatPhone,
  marketUpdateSchema,
  type EditableMarket,
  type MarketUpdate,
} from '@lawn/shared';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { checkedFormSchema, useSchemaForm } from '../../../lib/use-schema-form';

type MarketFormValues = { name: string; taxRate: string; timeZone: string; phone: string };

const marketFieldsSchema = marketUpdateSchema.omit({ version: true });
type MarketFields = Omit<MarketUpdate, 'version'>;

/** The typed tax rate is text; the shared rules check it as the number the API is sent. */
const marketFormSchema = checkedFormSchema<MarketFormValues, MarketFields>((values) => {
  const taxRate = values.taxRate.trim() === '' ? Number.NaN : Number(values.taxRate);
  const parsed = marketFieldsSchema.safeParse({ ...values, taxRate });
  if (parsed.success) return { data: parsed.data };
  const errors: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { errors };
});

type Props = {
  market: EditableMarket;
  isPending: boolean;
  onClose: () => void;
  onSave: (update: MarketUpdate) => void;
};

/** A market's name, tax rate, time zone and office phone; saved from the version the page read (the page closes it). */
export function EditMarketDialog({ market, isPending, onClose, onSave }: Props) {
  const form = useSchemaForm(marketFormSchema, {
    defaultValues: {
      name: market.name,
      taxRate: String(market.taxRate),
      timeZone: market.timeZone,
      phone: formatPhone(market.phone),
    },
  });
  const submit = form.handleSubmit((fields) => onSave({ ...fields, version: market.version }));
  return (
    <FormDialog
      isOpen
      title={`Edit market ${market.name}`}
      submitLabel="Save market"
      isPending={isPending}
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
      </Stack>
    </FormDialog>
  );
}
