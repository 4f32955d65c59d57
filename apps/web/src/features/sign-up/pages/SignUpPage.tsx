import {
  APP_PATHS,
  calendarDateIn,
  earliestSignUpStartDate,
  hasAreaToMow,
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
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { HowHeardFields } from '../../../components/HowHeardFields';
import { MaskedTextField, PHONE_MASK } from '../../../components/MaskedTextField';
import { MessageDialog } from '../../../components/MessageDialog';
import { PropertyQuestions } from '../components/PropertyQuestions';
import { StartDateField } from '../../../components/StartDateField';
import { YES_NO_WORDS, YesNoField } from '../../../components/YesNoField';
import { flattenErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { customerInfoFormSchema, customerInfoValuesOf, type CustomerInfoValues } from '../customer-info';
import { signUpStore, updateSignUp, useSignUpState } from '../sign-up-state';
import { useStartDaysQuery } from '../api/start-days';

/** The sign-up state with the page's change: the fields it changes lose the refusal the server gave them. */
function keep(patch: Partial<CustomerInfoValues>, fields: readonly string[]): void {
  const { refusedFields } = signUpStore.getState();
  const kept = Object.fromEntries(Object.entries(refusedFields).filter(([field]) => !fields.includes(field)));
  updateSignUp({ ...patch, refusedFields: kept });
}

/**
 * Sign-up customer info (/web/sign-up-process): name, phone, e-mail, scheduled service and its start date (the next
 * business day unless the customer picks another), the property questions, special requests and how the customer
 * heard of us. The page is a form of the shared customer-info schema, seeded from the sign-up state and writing every
 * change back to it (a reload keeps the answers); Proceed checks it and goes on to billing, and after a first Proceed
 * each change checks it again. A field the server refused when the order was sent comes back here, shown at its field
 * until it is changed.
 */
export function SignUpPage() {
  const state = useSignUpState();
  const navigate = useNavigate();
  const today = useMemo(() => calendarDateIn(new Date()), []);
  const earliest = useMemo(() => earliestSignUpStartDate(new Date()), []);
  const [isOneTimeRefused, setIsOneTimeRefused] = useState(false);
  const startDays = useStartDaysQuery(state.zipcode, earliest);
  const schema = useMemo(() => customerInfoFormSchema(today), [today]);
  const form = useSchemaForm(schema, {
    defaultValues: customerInfoValuesOf(signUpStore.getState()),
  });
  const values = useWatch({ control: form.control }) as CustomerInfoValues;
  const { isSubmitted } = form.formState;
  // A refusal of the server stands until its field is changed: sending the same answer again would meet it again.
  const errors: Record<string, string> = { ...flattenErrors(form.formState.errors), ...state.refusedFields };

  /** A change of the page: into the form and the kept sign-up; after a first Proceed the page is checked again. */
  const change = (patch: Partial<CustomerInfoValues>, fields: readonly string[] = Object.keys(patch)) => {
    form.setValues(patch);
    keep(patch, fields);
    if (isSubmitted) void form.trigger();
  };

  // The start date is the earliest a crew can start until the customer picks another; a date kept from an earlier
  // visit that has since passed gives way to it too.
  useEffect(() => {
    const { serviceDate } = form.getValues();
    if (serviceDate !== '' && serviceDate >= earliest) return;
    form.setValue('serviceDate', earliest);
    updateSignUp({ serviceDate: earliest });
  }, [earliest, form]);

  if (!state.lotSize || !hasAreaToMow(state.mowCut)) {
    // Nothing quoted, or a quote with nothing to mow (Bag grass alone): the quote is where that is chosen.
    return (
      <Alert severity="info" action={<Button href={APP_PATHS.quote}>Get a quote</Button>}>
        {state.lotSize ? M.areaToMowRequired : M.nothingToShow}
      </Alert>
    );
  }

  const text = (field: 'firstName' | 'lastName' | 'email' | 'specialReq', label: string, extra = {}) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => change({ [field]: event.target.value })}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      fullWidth
      {...extra}
    />
  );

  const proceed = form.handleSubmit(() => {
    if (Object.keys(signUpStore.getState().refusedFields).length === 0) void navigate(APP_PATHS.signUpBilling);
  });

  return (
    <Paper sx={{ p: 3 }}>
      <Stack
        spacing={3}
        component="form"
        noValidate
        onSubmit={(event) => {
          if (values.scheduleService === 'oneTime') setIsOneTimeRefused(true);
          void proceed(event);
        }}
      >
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
          value={normalizePhone(values.contactNumber)}
          onChange={(contactNumber) => change({ contactNumber })}
          error={Boolean(errors.contactNumber)}
          helperText={errors.contactNumber ?? PHONE_MASK}
          slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'tel' } }}
          required
          fullWidth
        />
        <YesNoField
          label="Is it a cellphone?"
          value={values.isCellphone}
          onChange={(isCellphone) => change({ isCellphone })}
          choices={YES_NO_WORDS}
          error={errors.isCellphone}
        />
        {text('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
        <TextField
          select
          label="One-time or scheduled service"
          value={values.scheduleService}
          onChange={(event) => {
            const scheduleService = event.target.value as ScheduleService;
            change({ scheduleService });
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
          value={values.serviceDate}
          onChange={(serviceDate) => change({ serviceDate })}
          earliest={earliest}
          days={startDays.data}
          error={errors.serviceDate}
        />
        <Typography component="h2" variant="h6">
          About your property
        </Typography>
        <PropertyQuestions
          answers={values.answers}
          onChange={(answers) =>
            change(
              { answers },
              Object.keys(answers).filter(
                (question) => answers[question as PropertyQuestion] !== values.answers[question as PropertyQuestion],
              ),
            )
          }
          errors={errors as Partial<Record<PropertyQuestion, string>>}
        />
        {text('specialReq', 'Special requests', {
          multiline: true,
          minRows: 2,
          slotProps: { htmlInput: { maxLength: 500 } },
        })}
        <HowHeardFields
          label="How did you hear about us?"
          about={values.about}
          aboutOption={values.aboutOption}
          onChange={(patch) => change(patch)}
          errors={{ about: errors.about, aboutOption: errors.aboutOption }}
        />
        {Object.keys(errors).length > 0 && (isSubmitted || Object.keys(state.refusedFields).length > 0) && (
          <Alert severity="error">{M.checkMarkedFields}</Alert>
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
