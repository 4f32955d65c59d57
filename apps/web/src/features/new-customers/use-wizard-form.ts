import { useCallback } from 'react';
import { useWatch, type FieldPath } from 'react-hook-form';
import { flattenErrors } from '../../lib/form-errors';
import { useSchemaForm } from '../../lib/use-schema-form';
import { wizardFormSchema, type StepContext, type WizardValues } from './wizard-values';

/**
 * The wizard's one form across its steps, validated by the rules of the step shown: its values, the messages by field
 * path (`billing.zipcode`), and a change that merges a patch. A changed field's message goes: it spoke of the value
 * that was there.
 */
export function useWizardForm(defaultValues: WizardValues, context: () => StepContext) {
  const form = useSchemaForm(wizardFormSchema(context), { defaultValues });
  const values = useWatch({ control: form.control }) as WizardValues;
  const change = useCallback(
    (patch: Partial<WizardValues>) => {
      form.setValues(patch);
      form.clearErrors(Object.keys(patch) as FieldPath<WizardValues>[]);
    },
    [form],
  );
  return { form, values, errors: flattenErrors(form.formState.errors), change };
}
