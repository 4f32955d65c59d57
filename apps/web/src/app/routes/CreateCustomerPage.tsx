import {
  calendarDateIn,
  cardFormSchema,
  chargeAuthorizationFormSchema,
  chargeAuthorizationText,
  eCheckFormSchema,
  PAYMENT_OPTION,
  type PaymentMethodChange,
} from '@lawn/shared';
import { useState } from 'react';
import { NewCustomerWizard } from '../../features/new-customers/components/NewCustomerWizard';
import { useNewCustomerWizard } from '../../features/new-customers/use-new-customer-wizard';
import { wizardPrice } from '../../features/new-customers/wizard-price';
import { usePaymentKeyQuery } from '../../features/payments/api/payments-api';
import { encryptNumber } from '../../features/payments/encrypt-number';
import {
  EMPTY_CARD,
  EMPTY_E_CHECK,
  toCardChange,
  toECheckChange,
  type PaymentTab,
} from '../../features/payments/payment-forms';
import { usePublicSettingsQuery } from '../../lib/public-settings';
import { useSchemaForm } from '../../lib/use-schema-form';
import { CreateCustomerCardStep } from './CreateCustomerCardStep';

/**
 * `create-customer`: the new-customer wizard (the new-customers feature) with its Card info step made of the payment
 * pages' card and e-check fields, whose numbers are encrypted in the browser before the request leaves.
 */
export function CreateCustomerPage() {
  const [tab, setTab] = useState<PaymentTab>(PAYMENT_OPTION.card);
  const [today] = useState(() => calendarDateIn(new Date()));
  const cardForm = useSchemaForm(cardFormSchema(today), { defaultValues: EMPTY_CARD });
  const eCheckForm = useSchemaForm(eCheckFormSchema, { defaultValues: EMPTY_E_CHECK });
  const paymentKey = usePaymentKeyQuery();
  // The office records the customer's acceptance of the charges when the customer gives it on the call.
  const authorizationForm = useSchemaForm(chargeAuthorizationFormSchema(false), {
    defaultValues: { authorizationAccepted: false },
  });
  const billingCharges = usePublicSettingsQuery().data?.billingCharges ?? null;

  /** The payment method of the chosen tab, encrypted; null (with the fields' messages shown) when it is not valid. */
  const buildPayment = async (): Promise<PaymentMethodChange | null> => {
    const key = paymentKey.data;
    if (!key) return null;
    const encrypt = (number: string) => encryptNumber(key, number);
    const extras = { authorizationAccepted: authorizationForm.getValues().authorizationAccepted };
    let change: PaymentMethodChange | null = null;
    if (tab === PAYMENT_OPTION.card) {
      await cardForm.handleSubmit(async (values) => {
        change = await toCardChange(values, encrypt, extras);
      })();
    } else {
      await eCheckForm.handleSubmit(async (values) => {
        change = await toECheckChange(values, encrypt, extras);
      })();
    }
    return change;
  };

  const wizard = useNewCustomerWizard(buildPayment);
  return (
    <NewCustomerWizard
      wizard={wizard}
      cardStep={
        <CreateCustomerCardStep
          wizard={wizard}
          tab={tab}
          onTabChange={setTab}
          cardForm={cardForm}
          eCheckForm={eCheckForm}
          today={today}
          keyError={paymentKey.error}
          authorization={{
            control: authorizationForm.control,
            text: chargeAuthorizationText(tab === PAYMENT_OPTION.eCheck ? 'eCheck' : 'card', {
              pricePerMow: wizardPrice(wizard)?.total ?? null,
              billingCharges,
            }),
          }}
        />
      }
    />
  );
}
