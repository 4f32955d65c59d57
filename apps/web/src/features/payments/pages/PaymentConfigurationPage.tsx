import { PAYMENT_MESSAGES } from '@lawn/shared';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useNotify } from '../../../components/notifier-context';
import { PageLoader } from '../../../components/PageLoader';
import { useOfficePhone, withOfficePhone } from '../../../lib/public-settings';
import { usePaymentPropertyQuery, type PaymentAudience } from '../api/payments-api';
import { PaymentMethodForm } from '../components/PaymentMethodForm';
import { readPaymentState, type PaymentLocationState } from '../payment-location-state';
import { PAYMENT_PATHS } from '../payment-paths';
import { usePaymentMethodChange } from '../use-payment-method-change';

function PaymentConfiguration({ audience, propertyId }: { audience: PaymentAudience; propertyId: number }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const property = usePaymentPropertyQuery(audience, propertyId);
  // A customer told to call the office about a declined card or account is given its number.
  const officePhone = useOfficePhone();
  const backToList = () =>
    void navigate(PAYMENT_PATHS[audience].list, { state: { id: propertyId } satisfies PaymentLocationState });
  const change = usePaymentMethodChange(audience, propertyId, () => {
    notify(PAYMENT_MESSAGES.updated, 'success');
    backToList();
  });

  if (property.isPending) return <PageLoader label="Loading the payment information" />;
  if (property.isError) {
    return (
      <LoadErrorAlert
        subject="The payment information"
        error={property.error}
        onRetry={() => void property.refetch()}
      />
    );
  }
  return (
    <PaymentMethodForm
      property={property.data.property}
      audience={audience === 'customer' ? 'customer' : 'office'}
      identityCheck={property.data.identityCheck}
      isSaving={change.isSaving}
      error={change.error === null ? null : withOfficePhone(change.error, audience === 'customer' ? officePhone : null)}
      fieldErrors={change.fieldErrors}
      onDismissError={change.dismissError}
      onSaveCard={(values, extras) => void change.saveCard(values, extras)}
      onSaveECheck={(values, extras) => void change.saveECheck(values, extras)}
      onBack={backToList}
    />
  );
}

/**
 * The payment form of the property in the navigation state; without one there is nothing to change, so it
 * shows the payment list.
 */
export function PaymentConfigurationPage({ audience }: { audience: PaymentAudience }) {
  const location = useLocation();
  const state = readPaymentState(location.state);
  if (!state) return <Navigate to={PAYMENT_PATHS[audience].list} replace />;
  // Keyed: another property starts with a blank form.
  return <PaymentConfiguration key={state.id} audience={audience} propertyId={state.id} />;
}
