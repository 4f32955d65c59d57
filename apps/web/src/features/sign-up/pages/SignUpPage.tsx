import {
  APP_PATHS,
  calendarDateIn,
  nextBusinessDay,
  normalizePhone,
  SCHEDULE_SERVICES,
  SIGN_UP_MESSAGES as M,
  type PropertyQuestion,
  type ScheduleService,
} from '@lawn/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { MaskedTextField, PHONE_MASK } from '../../../components/MaskedTextField';
import { MessageDialog } from '../../../components/MessageDialog';
import { HowHeardFields } from '../components/HowHeardFields';
import { PropertyQuestions } from '../components/PropertyQuestions';
import { StartDateField } from '../../../components/StartDateField';
import { YesNoField } from '../components/YesNoField';
import { customerInfoErrors } from '../customer-info';
import { updateSignUp, useSignUpState, type SignUpState } from '../sign-up-state';

/**
 * Sign-up customer info (/web/sign-up-process): name, phone, e-mail, scheduled service and its start date, the
 * property questions, special requests and how the customer heard of us. Every change is kept in the sign-up state;
 * Proceed checks the page with the shared rules and goes on to billing.
 */
export function SignUpPage() {
  const state = useSignUpState();
  const navigate = useNavigate();
  const today = useMemo(() => calendarDateIn(new Date()), []);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isOneTimeRefused, setIsOneTimeRefused] = useState(false);
  const errors = isSubmitted ? customerInfoErrors(state, today) : {};

  if (!state.lotSize) {
    return (
      <Alert severity="info" action={<Button href={APP_PATHS.quote}>Get a quote</Button>}>
        {M.nothingToShow}
      </Alert>
    );
  }

  const text = (field: 'firstName' | 'lastName' | 'email' | 'specialReq', label: string, extra = {}) => (
    <TextField
      label={label}
      value={state[field]}
      onChange={(event) => updateSignUp({ [field]: event.target.value })}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      fullWidth
      {...extra}
    />
  );

  const proceed = () => {
    setIsSubmitted(true);
    if (state.scheduleService === 'oneTime') setIsOneTimeRefused(true);
    if (Object.keys(customerInfoErrors(state, today)).length === 0) void navigate(APP_PATHS.signUpBilling);
  };

  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={3} component="form" noValidate onSubmit={(event) => (event.preventDefault(), proceed())}>
        <Typography component="h1" variant="h4">
          Tell us about you
        </Typography>
        <Typography>{M.newCustomersOnly}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('firstName', 'First name', { required: true, slotProps: { htmlInput: { maxLength: 50 } } })}
          {text('lastName', 'Last name', { required: true, slotProps: { htmlInput: { maxLength: 50 } } })}
        </Stack>
        <MaskedTextField
          label="Contact number"
          pattern={PHONE_MASK}
          value={normalizePhone(state.contactNumber)}
          onChange={(contactNumber) => updateSignUp({ contactNumber })}
          error={Boolean(errors.contactNumber)}
          helperText={errors.contactNumber ?? PHONE_MASK}
          slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel' } }}
          required
          fullWidth
        />
        <YesNoField
          label="Is it a cellphone?"
          value={state.isCellphone}
          onChange={(value) => updateSignUp({ isCellphone: value as SignUpState['isCellphone'] })}
          error={errors.isCellphone}
        />
        {text('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
        <TextField
          select
          label="One-time or scheduled service"
          value={state.scheduleService}
          onChange={(event) => {
            const scheduleService = event.target.value as ScheduleService;
            updateSignUp({ scheduleService });
            if (scheduleService === 'oneTime') setIsOneTimeRefused(true);
          }}
          error={Boolean(errors.scheduleService)}
          helperText={errors.scheduleService}
          required
          fullWidth
        >
          {Object.entries(SCHEDULE_SERVICES).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <StartDateField
          value={state.serviceDate}
          onChange={(serviceDate) => updateSignUp({ serviceDate })}
          earliest={nextBusinessDay(today)}
          error={errors.serviceDate}
        />
        <Typography component="h2" variant="h6">
          About your property
        </Typography>
        <PropertyQuestions
          answers={state.answers}
          onChange={(answers) => updateSignUp({ answers })}
          errors={errors as Partial<Record<PropertyQuestion, string>>}
        />
        {text('specialReq', 'Special requests', {
          multiline: true,
          minRows: 2,
          slotProps: { htmlInput: { maxLength: 500 } },
        })}
        <HowHeardFields
          about={state.about}
          aboutOption={state.aboutOption}
          onChange={updateSignUp}
          errors={{ about: errors.about, aboutOption: errors.aboutOption }}
        />
        {isSubmitted && Object.keys(errors).length > 0 && (
          <Alert severity="error">Some answers are missing or need a change: see the marked fields.</Alert>
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" size="large">
            Proceed
          </Button>
          {/* The quote page is its own entry outside the app's router: a full page load, which keeps the quote. */}
          <Button href={APP_PATHS.quote} size="large">
            Back
          </Button>
        </Stack>
      </Stack>
      <MessageDialog
        isOpen={isOneTimeRefused}
        title={M.sorryTitle}
        message={M.oneTimeRefused}
        onClose={() => setIsOneTimeRefused(false)}
      />
    </Paper>
  );
}
