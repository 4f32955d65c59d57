import type { ReactNode } from 'react';
import { useWizardForm } from '../use-wizard-form';
import { initialWizardValues, type StepErrors, type StepProps, type WizardValues } from '../wizard-values';

type StepHarnessProps = {
  initial?: Partial<WizardValues>;
  errors?: StepErrors;
  render: (props: StepProps) => ReactNode;
  /** Sees every change the step makes, merged into the values. */
  onValues?: (values: WizardValues) => void;
};

/** Holds a step's values the way the wizard does (its one form), for the steps' component tests. */
export function StepHarness({ initial = {}, errors = {}, render, onValues }: StepHarnessProps) {
  const { form, values, change } = useWizardForm({ ...initialWizardValues(null), ...initial }, () => ({
    step: 0,
    today: '2026-05-04',
    measuredTierId: null,
  }));
  const onChange = (patch: Partial<WizardValues>) => {
    change(patch);
    onValues?.(form.getValues());
  };
  return <>{render({ values, errors, onChange })}</>;
}
