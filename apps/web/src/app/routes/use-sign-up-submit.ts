import { APP_PATHS, SIGN_UP_MESSAGES as M, type WebPaymentMethodChange } from '@lawn/shared';
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
import { sortLastStepErrors, type LastStepErrors } from '../../features/sign-up/last-step-errors';
import { updateSignUp, type SignUpState } from '../../features/sign-up/sign-up-state';
import { ApiError } from '../../lib/api-client';
import { errorMessage, readFieldErrors } from '../../lib/error-message';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { useOfficePhone, withOfficePhone } from '../../lib/public-settings';

/** The payment of the sign-up, sent only with the customer's acceptance of the charges (the page's box ticked). */
export type SignUpPayment = ({ kind: 'card'; values: CardValues } | { kind: 'eCheck'; values: ECheckValues }) & {
  authorizationAccepted: true;
};

/** The billing page's own fields the server refused: its payment fields and its two address sets. */
export type BillingRefusal = Pick<LastStepErrors, 'payment' | 'billing' | 'mailing'>;

/**
 * Sending the order: the card or account number is encrypted with the gateway's public key, the order goes once per
 * intended sign-up (its Idempotency-Key), and Success follows. A refusal shows each refused field at that field, on
 * the page that asks it: a customer-info field sends the customer back to that page (`refusedFields`), a billing
 * field is handed to `onBillingRefusal`. A refusal of nothing the pages ask (the gateway declined the card or account)
 * shows its message here, with the office's phone in a decline; any other failure 'There was an error'.
 */
export function useSignUpSubmit(onBillingRefusal: (refusal: BillingRefusal) => void) {
  const key = usePaymentKeyQuery();
  const mutation = useCreateSignUpMutation();
  const idempotencyKey = useIdempotencyKey();
  const notify = useNotify();
  const navigate = useNavigate();
  const officePhone = useOfficePhone();
  const [isEncrypting, setIsEncrypting] = useState(false);
  const [declineMessage, setDeclineMessage] = useState<string | null>(null);

  async function submit(state: SignUpState, payment: SignUpPayment) {
    setDeclineMessage(null);
    setIsEncrypting(true);
    let change: WebPaymentMethodChange;
    try {
      const paymentKey = key.data ?? (await key.refetch({ throwOnError: true })).data;
      if (!paymentKey) throw new Error('The payment key could not be loaded');
      const encrypt = (number: string) => encryptNumber(paymentKey, number);
      const fields =
        payment.kind === 'card'
          ? await toCardChange(payment.values, encrypt)
          : await toECheckChange(payment.values, encrypt);
      change = { ...fields, authorizationAccepted: payment.authorizationAccepted };
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
      // 409: the start day was taken meanwhile; its refusal names the next free days at the start date.
      const isRefusal = error instanceof ApiError && [400, 402, 409].includes(error.status);
      if (!isRefusal) {
        notify(M.submitFailed, 'error');
        return;
      }
      const refused = sortLastStepErrors(readFieldErrors(error));
      if (Object.keys(refused.customerInfo).length > 0) {
        updateSignUp({ refusedFields: refused.customerInfo });
        void navigate(APP_PATHS.signUp);
        return;
      }
      const { payment, billing, mailing, others } = refused;
      onBillingRefusal({ payment, billing, mailing });
      const isShownAtFields = [payment, billing, mailing].some((fields) => Object.keys(fields).length > 0);
      // What no page asks (the quote's zip or lot, changed meanwhile) is said in words; a bare refusal as it came.
      if (others.length > 0) setDeclineMessage(others.join(' '));
      else if (!isShownAtFields) setDeclineMessage(withOfficePhone(errorMessage(error), officePhone));
    }
  }

  return { submit, isSending: isEncrypting || mutation.isPending, declineMessage };
}
