import { useState, type ReactNode } from 'react';
import { initialWizardValues, type StepErrors, type StepProps, type WizardValues } from '../wizard-values';

type StepHarnessProps = {
  initial?: Partial<WizardValues>;
  errors?: StepErrors;
  render: (props: StepProps) => ReactNode;
  /** Sees every change the step makes, merged into the values. */
  onValues?: (values: WizardValues) => void;
};

/** Holds a step's values the way the wizard does, for the steps' component tests. */
export function StepHarness({ initial = {}, errors = {}, render, onValues }: StepHarnessProps) {
  const [values, setValues] = useState<WizardValues>({ ...initialWizardValues(null), ...initial });
  const onChange = (patch: Partial<WizardValues>) =>
    setValues((current) => {
      const next = { ...current, ...patch };
      onValues?.(next);
      return next;
    });
  return <>{render({ values, errors, onChange })}</>;
}
