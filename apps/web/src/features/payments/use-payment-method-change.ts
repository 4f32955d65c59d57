import { useState } from 'react';
import { errorMessage, readFieldErrors } from '../../lib/error-message';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useChangePaymentMethodMutation, usePaymentKeyQuery, type PaymentAudience } from './api/payments-api';
import { encryptNumber } from './encrypt-number';
import {
  toCardChange,
  toECheckChange,
  type CardValues,
  type ChangeExtras,
  type ECheckValues,
  type PaymentChange,
} from './payment-forms';

/**
 * Sending a payment form: the numbers are encrypted with the gateway's public key, the change is sent once per press
 * of SUBMIT (its own Idempotency-Key), and a refusal becomes the message of the 'Error' dialog; its
 * per-field messages (e.g. a wrong identity check) are kept for the form to show beside its fields.
 */
export function usePaymentMethodChange(audience: PaymentAudience, propertyId: number, onSaved: () => void) {
  const key = usePaymentKeyQuery();
  const mutation = useChangePaymentMethodMutation(audience, propertyId);
  const [isEncrypting, setIsEncrypting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function send(build: (encrypt: (number: string) => Promise<string>) => Promise<PaymentChange>) {
    setError(null);
    setFieldErrors({});
    setIsEncrypting(true);
    let change: PaymentChange;
    try {
      const paymentKey = key.data ?? (await key.refetch({ throwOnError: true })).data;
      if (!paymentKey) throw new Error('The payment key could not be loaded');
      change = await build((number) => encryptNumber(paymentKey, number));
    } catch (caught) {
      setError(errorMessage(caught));
      return;
    } finally {
      setIsEncrypting(false);
    }
    try {
      // A new key per press, not kept across a failure: the numbers are encrypted anew each time, so a second press
      // is a different body, which the server would refuse under the first press's key.
      await mutation.mutateAsync({ change, idempotencyKey: newIdempotencyKey() });
      onSaved();
    } catch (caught) {
      setError(errorMessage(caught));
      setFieldErrors(readFieldErrors(caught));
    }
  }

  return {
    saveCard: (values: CardValues, extras: ChangeExtras) => send((encrypt) => toCardChange(values, encrypt, extras)),
    saveECheck: (values: ECheckValues, extras: ChangeExtras) =>
      send((encrypt) => toECheckChange(values, encrypt, extras)),
    isSaving: isEncrypting || mutation.isPending,
    error,
    fieldErrors,
    dismissError: () => setError(null),
  };
}
