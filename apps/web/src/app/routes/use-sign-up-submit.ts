import { APP_PATHS, SIGN_UP_MESSAGES as M, type PaymentMethodChange } from '@lawn/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../components/notifier-context';
import { usePaymentKeyQuery } from '../../features/payments/api/payments-api';
import { encryptNumber } from '../../features/payments/encrypt-number';
import {
  toCardChange,
  toECheckChange,
  type CardValues,
  type ECheckValues,
} from '../../features/payments/payment-forms';
import { useCreateSignUpMutation } from '../../features/sign-up/api/create-sign-up';
import { updateSignUp, type SignUpState } from '../../features/sign-up/sign-up-state';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { useIdempotencyKey } from '../../lib/idempotency-key';

export type SignUpPayment = { kind: 'card'; values: CardValues } | { kind: 'eCheck'; values: ECheckValues };

/**
 * Sending the order: the card or account number is encrypted with the gateway's public key, the order goes once per
 * intended sign-up (its Idempotency-Key), and Success follows. A refusal (the gateway declined the card or account,
 * or a rule the server checks) shows its message on the page; any other failure 'There was an error'.
 */
export function useSignUpSubmit() {
  const key = usePaymentKeyQuery();
  const mutation = useCreateSignUpMutation();
  const idempotencyKey = useIdempotencyKey();
  const notify = useNotify();
  const navigate = useNavigate();
  const [isEncrypting, setIsEncrypting] = useState(false);
  const [declineMessage, setDeclineMessage] = useState<string | null>(null);

  async function submit(state: SignUpState, payment: SignUpPayment) {
    setDeclineMessage(null);
    setIsEncrypting(true);
    let change: PaymentMethodChange;
    try {
      const publicKey = key.data?.publicKey ?? (await key.refetch({ throwOnError: true })).data?.publicKey;
      if (!publicKey) throw new Error('The payment key could not be loaded');
      const encrypt = (number: string) => encryptNumber(publicKey, number);
      change =
        payment.kind === 'card'
          ? await toCardChange(payment.values, encrypt)
          : await toECheckChange(payment.values, encrypt);
    } catch {
      notify(M.submitFailed, 'error');
      return;
    } finally {
      setIsEncrypting(false);
    }
    try {
      const created = await mutation.mutateAsync({ state, payment: change, idempotencyKey: idempotencyKey.current() });
      idempotencyKey.settle(null);
      updateSignUp({ accountNumber: created.accountNumber });
      void navigate(APP_PATHS.signUpSuccess);
    } catch (error) {
      idempotencyKey.settle(error);
      const isRefusal = error instanceof ApiError && (error.status === 400 || error.status === 402);
      if (isRefusal) setDeclineMessage(errorMessage(error));
      else notify(M.submitFailed, 'error');
    }
  }

  return { submit, isSending: isEncrypting || mutation.isPending, declineMessage };
}
