import { NEW_CUSTOMER_MESSAGES } from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PendingButton } from '../../../components/PendingButton';
import { formatMoney } from '../../../lib/format';
import { LAST_STEP } from '../wizard-values';
import type { NewCustomerWizardState } from '../use-new-customer-wizard';
import { CustomerInfoStep } from './CustomerInfoStep';
import { LocationStep } from './LocationStep';
import { NotesStep } from './NotesStep';
import { PriceStep } from './PriceStep';
import { ServiceAreaStep } from './ServiceAreaStep';
import { WizardResult } from './WizardResult';
import { wizardPrice } from '../wizard-price';

type NewCustomerWizardProps = {
  wizard: NewCustomerWizardState;
  /** The Card info step: the payment method (composed by the page from the payment fields) and the address sets. */
  cardStep: ReactNode;
};

/** The six-step new-customer wizard: Back, Next, and Save on the last step, then the result. */
export function NewCustomerWizard({ wizard, cardStep }: NewCustomerWizardProps) {
  const { step, values, errors, outcome } = wizard;
  const stepProps = { values, errors, onChange: wizard.change };
  const price = wizardPrice(wizard);
  const total = price ? formatMoney(price.total) : '';

  if (outcome) {
    return (
      <WizardResult
        created={outcome.created}
        failure={outcome.failure}
        summary={{ name: `${values.firstName} ${values.lastName}`, address: values.address.serviceAddress, total }}
        onNewCustomer={wizard.restart}
      />
    );
  }

  const content = [
    <ServiceAreaStep key="area" {...stepProps} />,
    <LocationStep key="location" {...stepProps} />,
    <PriceStep key="price" {...stepProps} tiers={wizard.tiers} measuredTierId={wizard.measuredTierId} />,
    <CustomerInfoStep
      key="customer"
      {...stepProps}
      today={wizard.today}
      onCancelApplication={() => wizard.cancelApplication(NEW_CUSTOMER_MESSAGES.liabilityCancelled)}
    />,
    <NotesStep key="notes" {...stepProps} />,
    <Box key="card">{cardStep}</Box>,
  ][step];

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          New customer
        </Typography>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {wizard.steps.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {wizard.steps[step]}
        </Typography>
        {step === LAST_STEP && wizard.saveError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {wizard.saveError}
          </Alert>
        )}
        {content}
        <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button onClick={wizard.back} disabled={step === 0 || wizard.isSaving}>
            Back
          </Button>
          {step === LAST_STEP ? (
            <PendingButton variant="contained" isPending={wizard.isSaving} onClick={() => void wizard.save()}>
              Save
            </PendingButton>
          ) : (
            <Button variant="contained" onClick={() => void wizard.next()}>
              Next
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
