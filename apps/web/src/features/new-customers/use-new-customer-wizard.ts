import { calendarDateIn, tierForLotSize, type NewCustomerCreated, type PaymentMethodChange } from '@lawn/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { errorMessage, readFieldErrors } from '../../lib/error-message';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { useAppState } from '../../lib/app-store';
import { useCreateCustomerMutation, useLotSizeOptionsQuery } from './api/new-customers-api';
import { useWizardForm } from './use-wizard-form';
import {
  initialWizardValues,
  LAST_STEP,
  toNewCustomerRequest,
  WIZARD_STEPS,
  type StepContext,
  type StepErrors,
  type WizardValues,
} from './wizard-values';

/** After a save the result follows after one second. */
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
  // On a new wizard the CSR is the signed-in user when they are a customer-service user.
  const defaultCsr = user.role === 'customer-service' ? user.id : null;
  // Next and Save check the step shown with the measured tier; both follow from the form's values, so the form reads
  // them as of the latest render when it validates.
  const stepContext = useRef<StepContext>({ step: 0, today: calendarDateIn(new Date()), measuredTierId: null });
  const { form, values, errors, change } = useWizardForm(initialWizardValues(defaultCsr), () => stepContext.current);
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

  useEffect(() => {
    stepContext.current = { step, today, measuredTierId };
  });

  /** Shows these messages (by field path, `billing.zipcode` included) in place of the ones shown before. */
  const showErrors = (found: StepErrors) => {
    form.clearErrors();
    for (const [field, message] of Object.entries(found)) {
      form.setError(field as FieldPath<WizardValues>, { type: 'validate', message });
    }
  };

  const goTo = (next: number) => setSearchParams(next === 0 ? {} : { step: String(next) });

  const next = async () => {
    if (!(await form.trigger())) return;
    // Entering the price step with a measured lot picks its tier, unless one was already chosen.
    if (step === 1 && values.businesslogicId === '' && measuredTierId !== null)
      change({ businesslogicId: measuredTierId });
    goTo(step + 1);
  };

  const back = () => goTo(Math.max(0, step - 1));

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    const payment = await buildPayment();
    // The card step's own rules (the address sets) are checked with the payment, so both show their messages at once.
    const isValid = await form.trigger();
    if (!payment || !isValid) {
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
