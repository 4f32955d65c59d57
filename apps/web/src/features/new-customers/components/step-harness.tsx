import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { initialWizardValues, type StepErrors, type StepProps, type WizardValues } from '../wizard-values';

type StepHarnessProps = {
  initial?: Partial<WizardValues>;
  errors?: StepErrors;
  render: (props: StepProps) => ReactNode;
  /** Sees every change the step makes, merged into the values. */
  onValues?: (values: WizardValues) => void;
};

/** Holds a step's values the way the wizard does (one react-hook-form form), for the steps' component tests. */
export function StepHarness({ initial = {}, errors = {}, render, onValues }: StepHarnessProps) {
  const form = useForm<WizardValues>({ defaultValues: { ...initialWizardValues(null), ...initial } });
  const values = useWatch({ control: form.control }) as WizardValues;
  const onChange = (patch: Partial<WizardValues>) => {
    form.setValues(patch);
    onValues?.(form.getValues());
  };
  return <>{render({ values, errors, onChange })}</>;
}
