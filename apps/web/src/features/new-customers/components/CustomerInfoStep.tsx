import { LIABILITY_QUESTIONS, normalizePhone, WEEKDAYS, type IsoDate, type LiabilityQuestion } from '@lawn/shared';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { MaskedTextField, PHONE_MASK } from '../../../components/MaskedTextField';
import { StartDateField } from '../../../components/StartDateField';
import type { StepProps, WizardValues } from '../wizard-values';
import { LiabilityDialog } from './LiabilityDialog';
import { CodeSelect } from '../../../components/CodeSelect';
import { YES_NO_BOOLEAN, YesNoField } from '../../../components/YesNoField';
import { useStartDaysQuery } from '../api/start-days';

type PersonField = 'firstName' | 'lastName' | 'email';
const TEXT_FIELDS: { name: PersonField; label: string; isRequired: boolean }[] = [
  { name: 'firstName', label: 'First name', isRequired: true },
  { name: 'lastName', label: 'Last name', isRequired: true },
  { name: 'email', label: 'Email', isRequired: false },
];

type CustomerInfoStepProps = StepProps & { today: IsoDate; onCancelApplication: () => void };

/**
 * Step 4, Customer info: the person, the start date (weekends, holidays, past days and the market's full or locked
 * days cannot be picked), the mow day, the gates with their codes, and the liability questions: a Yes asks for
 * consent, and declining cancels the application.
 */
export function CustomerInfoStep({ values, errors, onChange, today, onCancelApplication }: CustomerInfoStepProps) {
  const [asking, setAsking] = useState<LiabilityQuestion | null>(null);
  const startDays = useStartDaysQuery(values.address.marketId, today);
  // Each Yes asks its own consent (accepting one item's release covers no other); a No takes its release back.
  const answer = (question: LiabilityQuestion, value: boolean) => {
    const others = values.acceptedReleases.filter((released) => released !== question);
    onChange({ [question]: value, acceptedReleases: others } as Partial<WizardValues>);
    if (value) setAsking(question);
  };

  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        {TEXT_FIELDS.map((field) => (
          <Grid key={field.name} size={{ xs: 12, md: 6 }}>
            <TextField
              label={field.label}
              value={values[field.name]}
              onChange={(event) => onChange({ [field.name]: event.target.value })}
              error={errors[field.name] !== undefined}
              helperText={errors[field.name]}
              required={field.isRequired}
              type={field.name === 'email' ? 'email' : 'text'}
              fullWidth
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, md: 6 }}>
          <MaskedTextField
            label="Contact number"
            pattern={PHONE_MASK}
            value={normalizePhone(values.contactNumber)}
            onChange={(contactNumber) => onChange({ contactNumber })}
            error={errors['contactNumber'] !== undefined}
            helperText={errors['contactNumber']}
            slotProps={{ htmlInput: { inputMode: 'tel' } }}
            required
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <StartDateField
            value={values.serviceDate}
            onChange={(serviceDate) => onChange({ serviceDate })}
            earliest={today}
            days={startDays.data}
            error={errors['serviceDate']}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <CodeSelect
            label="Week day"
            choices={WEEKDAYS}
            value={values.weekDay}
            onChange={(weekDay) => onChange({ weekDay })}
            error={errors['weekDay']}
            isRequired
          />
        </Grid>
      </Grid>
      <YesNoField
        label="Is the contact number a cellphone?"
        value={values.isCellphone}
        onChange={(isCellphone) => onChange({ isCellphone })}
        error={errors['isCellphone']}
        choices={YES_NO_BOOLEAN}
      />
      {(
        [
          ['isCommunityGate', 'communityAnswer', 'Is there a community gate?'],
          ['isBackyardGate', 'backyardAnswer', 'Is there a backyard gate?'],
        ] as const
      ).map(([gate, code, label]) => (
        <Stack key={gate} direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <YesNoField
            label={label}
            value={values[gate]}
            onChange={(value) => onChange({ [gate]: value, ...(value ? {} : { [code]: '' }) })}
            error={errors[gate]}
            choices={YES_NO_BOOLEAN}
          />
          {values[gate] === true && (
            <TextField
              label="Gate code"
              value={values[code]}
              onChange={(event) => onChange({ [code]: event.target.value })}
              error={errors[code] !== undefined}
              helperText={errors[code]}
              required
            />
          )}
        </Stack>
      ))}
      {(Object.entries(LIABILITY_QUESTIONS) as [LiabilityQuestion, string][]).map(([question, label]) => (
        <YesNoField
          key={question}
          label={label}
          value={values[question]}
          onChange={(value) => answer(question, value)}
          error={errors[question]}
          choices={YES_NO_BOOLEAN}
        />
      ))}
      <LiabilityDialog
        question={asking}
        onAccept={() => {
          if (asking) onChange({ acceptedReleases: [...values.acceptedReleases, asking] });
          setAsking(null);
        }}
        onDecline={() => {
          setAsking(null);
          onCancelApplication();
        }}
      />
    </Stack>
  );
}
