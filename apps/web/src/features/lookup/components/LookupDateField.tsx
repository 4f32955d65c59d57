import { LOOKUP_DATE_MAX } from '@lawn/shared';
import { FormDateField } from '../../../components/FormDateField';
import type { LookupControl } from '../lookup-form';

type DateName = 'parentBasic' | 'startDate' | 'endDate' | 'skipDate' | 'writeDate' | 'redoDate' | 'noteDate' | 'date';

type LookupDateFieldProps = {
  control: LookupControl;
  name: DateName;
  label: string;
};

/** A date of the lookup, typed or picked as MM/DD/YYYY (up to 12/31/2050), held as YYYY-MM-DD. */
export function LookupDateField({ control, name, label }: LookupDateFieldProps) {
  return <FormDateField control={control} name={name} label={label} maxDate={LOOKUP_DATE_MAX} fullWidth />;
}
