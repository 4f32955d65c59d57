import {
  addressBlockProblems,
  calendarDateIn,
  tierForLotSize,
  type NewCustomerCreated,
  type PaymentMethodChange,
} from '@lawn/shared';
import { useCallback, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { errorMessage, readFieldErrors } from '../../lib/error-message';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { useAppState } from '../../lib/app-store';
import { useCreateCustomerMutation, useLotSizeOptionsQuery } from './api/new-customers-api';
import {
  flattenErrors,
  initialWizardValues,
  LAST_STEP,
  stepErrors,
  toNewCustomerRequest,
  WIZARD_STEPS,
  type StepErrors,
  type WizardValues,
} from './wizard-values';

/** After a save the result follows after one second (spec 2 §4). */
export const RESULT_DELAY_MS = 1000;

/** Which step shows a field the server refused: its first part names it (`billing.zipcode` is on the card step). */
const FIELD_STEPS: Record<string, number> = {
  useServiceHousesOccupied: 0,
  useServiceHousesScheduled: 0,
  zipcode: 0,
  serviceAddress: 1,
  city: 1,
  state: 1,
  marketId: 1,
  csrUserId: 1,
  about: 1,
  aboutOption: 1,
  lotSize: 1,
  businesslogicId: 2,
  reasonSize: 2,
  srvFrecuency: 2,
  grassOvergrown: 2,
  mowCut: 2,
  privateNotes: 4,
  specialRequest: 4,
  bbNotes: 4,
};
const stepOfField = (field: string) => FIELD_STEPS[field.split('.')[0] ?? ''] ?? (field.includes('.') ? 5 : 3);

export type WizardOutcome = { created: NewCustomerCreated | null; failure: string | null };

/**
 * The wizard's state: one form across its steps (react-hook-form holds the values and the messages), the step (kept in
 * the URL, so the browser's back button steps back inside the wizard), Next that checks the current step with the
 * shared rules, and Save that sends the request with the payment the card step made.
 */
export function useNewCustomerWizard(buildPayment: () => Promise<PaymentMethodChange | null>) {
  const user = useAppState((state) => state.user);
  const [searchParams, setSearchParams] = useSearchParams();
  // On a new wizard the CSR is the signed-in user when they are a customer-service user (spec 2 §6).
  const defaultCsr = user.role === 'customer-service' ? user.id : null;
  const form = useForm<WizardValues>({ defaultValues: initialWizardValues(defaultCsr) });
  const values = useWatch({ control: form.control }) as WizardValues;
  const errors = flattenErrors(form.formState.errors);
  const [outcome, setOutcome] = useState<WizardOutcome | null>(null);
  // Why the last Save created nothing when no field is to blame (the gateway declined the card, the server failed).
  const [saveError, setSaveError] = useState<string | null>(null);
  // From the press of Save until the result shows (or the save fails): the second between the server's answer and
  // the result must not let a second press create the customer again.
  const [isSaving, setSaving] = useState(false);
  const [today] = useState(() => calendarDateIn(new Date()));
  const idempotencyKey = useIdempotencyKey();
  const create = useCreateCustomerMutation();
  const tiers = useLotSizeOptionsQuery(values.address.marketId);
  const requested = Number(searchParams.get('step') ?? 0);
  // A step past the ones filled in (a reload, a typed URL) starts again at the first.
  const step =
    Number.isInteger(requested) && requested >= 0 && requested <= LAST_STEP && values.isZipValid ? requested : 0;

  const measuredTierId = useMemo(() => {
    if (values.lotSize === '' || !tiers.data) return null;
    return tierForLotSize(values.lotSize, tiers.data)?.id ?? null;
  }, [values.lotSize, tiers.data]);

  // A changed field's message goes: it spoke of the value that was there.
  const change = useCallback(
    (patch: Partial<WizardValues>) => {
      form.setValues(patch);
      form.clearErrors(Object.keys(patch) as FieldPath<WizardValues>[]);
    },
    [form],
  );

  /** Shows these messages (by field path, `billing.zipcode` included) in place of the ones shown before. */
  const showErrors = (found: StepErrors) => {
    form.clearErrors();
    for (const [field, message] of Object.entries(found)) {
      form.setError(field as FieldPath<WizardValues>, { type: 'validate', message });
    }
  };

  const goTo = (next: number) => setSearchParams(next === 0 ? {} : { step: String(next) });

  const next = () => {
    const found = stepErrors(step, form.getValues(), { today, measuredTierId });
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    // Entering the price step with a measured lot picks its tier, unless one was already chosen.
    if (step === 1 && values.businesslogicId === '' && measuredTierId !== null)
      change({ businesslogicId: measuredTierId });
    goTo(step + 1);
  };

  const back = () => goTo(Math.max(0, step - 1));

  const save = async () => {
    const blockErrors: StepErrors = {};
    for (const set of ['billing', 'mailing'] as const) {
      for (const [field, message] of Object.entries(addressBlockProblems(values[set]))) {
        blockErrors[`${set}.${field}`] = message;
      }
    }
    setSaving(true);
    setSaveError(null);
    const payment = await buildPayment();
    showErrors(blockErrors);
    if (!payment || Object.keys(blockErrors).length > 0) {
      setSaving(false);
      return;
    }
    try {
      const created = await create.mutateAsync({
        body: toNewCustomerRequest(values, payment),
        idempotencyKey: idempotencyKey.current(),
      });
      idempotencyKey.settle(null);
      window.setTimeout(() => setOutcome({ created, failure: null }), RESULT_DELAY_MS);
    } catch (error) {
      setSaving(false);
      idempotencyKey.settle(error);
      const fieldErrors = readFieldErrors(error);
      const fields = Object.keys(fieldErrors);
      if (fields.length > 0) {
        showErrors(fieldErrors);
        goTo(Math.min(...fields.map(stepOfField)));
        return;
      }
      // Nothing was created (a declined card or account, the server or the network failing): every step keeps its
      // values and the Card info step says why, so the person can change the card and save again.
      setSaveError(errorMessage(error));
    }
  };

  const cancelApplication = (reason: string) => {
    setOutcome({ created: null, failure: reason });
    goTo(LAST_STEP);
  };

  const restart = () => {
    form.reset(initialWizardValues(defaultCsr));
    setOutcome(null);
    setSaveError(null);
    setSaving(false);
    goTo(0);
  };

  return {
    steps: WIZARD_STEPS,
    step,
    values,
    errors,
    outcome,
    saveError,
    today,
    tiers: tiers.data ?? [],
    measuredTierId,
    isSaving,
    change,
    next,
    back,
    save,
    cancelApplication,
    restart,
  };
}

export type NewCustomerWizardState = ReturnType<typeof useNewCustomerWizard>;
