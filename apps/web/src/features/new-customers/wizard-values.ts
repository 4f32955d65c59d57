import {
  addressBlockProblems,
  addressBlockSchema,
  NEW_CUSTOMER_FIELDS,
  NEW_CUSTOMER_MESSAGES,
  STAFF_NEW_CUSTOMER_FIELDS,
  startDateProblem,
  unreleasedItems,
  type AddressBlock,
  type HowHeard,
  type IsoDate,
  type LiabilityQuestion,
  type MowCut,
  type PaymentMethodChange,
  type StaffNewCustomerInput,
} from '@lawn/shared';
import { z } from 'zod';
import { EMPTY_SERVICE_ADDRESS, type ServiceAddressValue } from '../../components/service-address/service-address';
import { checkedFormSchema } from '../../lib/use-schema-form';

/** The six steps, in order. */
export const WIZARD_STEPS = [
  'Service area',
  'Your location',
  'Your price',
  'Customer info',
  'Notes',
  'Card info',
] as const;
export const LAST_STEP = WIZARD_STEPS.length - 1;

/** Yes/No questions start unanswered, so the person has to answer each one. */
export type Answer = boolean | null;

/** Everything the wizard holds between its steps (the card and bank numbers stay in the payment step's own form). */
export type WizardValues = {
  useServiceHousesOccupied: boolean;
  useServiceHousesScheduled: boolean;
  isZipValid: boolean;
  address: ServiceAddressValue;
  csrUserId: number | '';
  about: HowHeard | '';
  aboutOption: string;
  owner: string;
  propertyValue: number | null;
  lotSize: number | '';
  businesslogicId: number | '';
  reasonSize: string;
  srvFrecuency: number | '';
  grassOvergrown: Answer;
  mowCut: MowCut[];
  useCornerLot: boolean;
  firstName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  isCellphone: Answer;
  serviceDate: string;
  weekDay: number | '';
  isCommunityGate: Answer;
  communityAnswer: string;
  isBackyardGate: Answer;
  backyardAnswer: string;
  isFlowerBeds: Answer;
  isPetsBackyard: Answer;
  isFencePlastic: Answer;
  isAboveGroundPool: Answer;
  isTranpoline: Answer;
  /** The liability questions answered Yes whose release the customer accepted, one consent each. */
  acceptedReleases: LiabilityQuestion[];
  privateNotes: string;
  specialRequest: string;
  bbNotes: string;
  billing: AddressBlock;
  mailing: AddressBlock;
};

const SAME_AS_SERVICE: AddressBlock = addressBlockSchema.parse({ isSameAsService: true });

export function initialWizardValues(csrUserId: number | null): WizardValues {
  return {
    useServiceHousesOccupied: false,
    useServiceHousesScheduled: false,
    isZipValid: false,
    address: EMPTY_SERVICE_ADDRESS,
    csrUserId: csrUserId ?? '',
    about: '',
    aboutOption: '',
    owner: '',
    propertyValue: null,
    lotSize: '',
    businesslogicId: '',
    reasonSize: '',
    srvFrecuency: '',
    grassOvergrown: null,
    mowCut: ['Front', 'Back'],
    useCornerLot: false,
    firstName: '',
    lastName: '',
    email: '',
    contactNumber: '',
    isCellphone: true,
    serviceDate: '',
    weekDay: '',
    isCommunityGate: null,
    communityAnswer: '',
    isBackyardGate: null,
    backyardAnswer: '',
    isFlowerBeds: null,
    isPetsBackyard: null,
    isFencePlastic: null,
    isAboveGroundPool: null,
    isTranpoline: null,
    acceptedReleases: [],
    privateNotes: '',
    specialRequest: '',
    bbNotes: '',
    billing: SAME_AS_SERVICE,
    mailing: SAME_AS_SERVICE,
  };
}

const orUndefined = <T>(value: T | '' | null): T | undefined => (value === '' || value === null ? undefined : value);

/** The request the wizard sends: the values and the payment method as the payment step made it (numbers encrypted). */
export function toNewCustomerRequest(values: WizardValues, payment: PaymentMethodChange): StaffNewCustomerInput {
  const { address } = values;
  return {
    useServiceHousesOccupied: values.useServiceHousesOccupied as true,
    useServiceHousesScheduled: values.useServiceHousesScheduled as true,
    zipcode: address.zipcode,
    serviceAddress: address.serviceAddress,
    isServiceAddressManual: address.isServiceAddressManual,
    city: address.city,
    state: address.state,
    lat: address.lat,
    lng: address.lng,
    ...(address.marketId === null ? {} : { marketId: address.marketId }),
    csrUserId: orUndefined(values.csrUserId) as number,
    about: orUndefined(values.about) as number,
    aboutOption: values.aboutOption,
    owner: values.owner,
    propertyValue: values.propertyValue,
    lotSize: orUndefined(values.lotSize) ?? null,
    businesslogicId: orUndefined(values.businesslogicId) as number,
    reasonSize: values.reasonSize,
    srvFrecuency: orUndefined(values.srvFrecuency) as number,
    grassOvergrown: values.grassOvergrown as boolean,
    mowCut: values.mowCut,
    useCornerLot: values.useCornerLot,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    contactNumber: values.contactNumber,
    isCellphone: values.isCellphone as boolean,
    serviceDate: values.serviceDate,
    weekDay: orUndefined(values.weekDay) as number,
    isCommunityGate: values.isCommunityGate as boolean,
    communityAnswer: values.communityAnswer,
    isBackyardGate: values.isBackyardGate as boolean,
    backyardAnswer: values.backyardAnswer,
    isFlowerBeds: values.isFlowerBeds as boolean,
    isPetsBackyard: values.isPetsBackyard as boolean,
    isFencePlastic: values.isFencePlastic as boolean,
    isAboveGroundPool: values.isAboveGroundPool as boolean,
    isTranpoline: values.isTranpoline as boolean,
    acceptedReleases: values.acceptedReleases,
    privateNotes: values.privateNotes,
    specialRequest: values.specialRequest,
    bbNotes: values.bbNotes,
    payment,
    billing: values.billing,
    mailing: values.mailing,
  };
}

export type StepErrors = Record<string, string>;

const { location, price, customer, notes } = NEW_CUSTOMER_FIELDS;
const staff = STAFF_NEW_CUSTOMER_FIELDS;

/** The shared field rules each step checks (the same the API applies), by the request's field names. */
const STEP_SCHEMAS = [
  z.object({
    useServiceHousesOccupied: staff.useServiceHousesOccupied,
    useServiceHousesScheduled: staff.useServiceHousesScheduled,
    zipcode: location.zipcode,
  }),
  z.object({
    serviceAddress: location.serviceAddress,
    city: location.city,
    state: location.state,
    marketId: location.marketId.unwrap(),
    csrUserId: staff.csrUserId,
    about: staff.about,
    lotSize: staff.lotSize,
  }),
  z.object({
    businesslogicId: price.businesslogicId,
    srvFrecuency: price.srvFrecuency,
    grassOvergrown: price.grassOvergrown,
    mowCut: price.mowCut,
    reasonSize: staff.reasonSize,
  }),
  z.object({
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    contactNumber: customer.contactNumber,
    isCellphone: customer.isCellphone,
    serviceDate: customer.serviceDate,
    weekDay: customer.weekDay,
    isCommunityGate: customer.isCommunityGate,
    communityAnswer: customer.communityAnswer,
    isBackyardGate: customer.isBackyardGate,
    backyardAnswer: customer.backyardAnswer,
    isFlowerBeds: customer.isFlowerBeds,
    isPetsBackyard: customer.isPetsBackyard,
    isFencePlastic: customer.isFencePlastic,
    isAboveGroundPool: customer.isAboveGroundPool,
    isTranpoline: customer.isTranpoline,
  }),
  z.object({ specialRequest: notes.specialRequest, privateNotes: staff.privateNotes, bbNotes: staff.bbNotes }),
] as const;

/** What a step's rules read besides the values: the step shown, today, and the tier of the measured lot. */
export type StepContext = { step: number; today: IsoDate; measuredTierId: number | null };

/**
 * What stops the person leaving a step (Next validates the current step), by field: the shared rules of its
 * fields, plus the rules between them that the step shows (zip checked, gate codes, a changed lot size's reason, the
 * start date against today). On the card step, the billing and mailing address sets (the card and e-check fields are
 * their own forms).
 */
export function stepErrors(step: number, values: WizardValues, context: Omit<StepContext, 'step'>): StepErrors {
  const errors: StepErrors = {};
  const schema = STEP_SCHEMAS[step];
  if (schema) {
    const request = toNewCustomerRequest(values, { paymentOption: 1 } as PaymentMethodChange) as Record<
      string,
      unknown
    >;
    const parsed = schema.safeParse(request);
    for (const issue of parsed.error?.issues ?? []) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= issue.message;
    }
  }
  if (step === 0 && !errors['zipcode'] && !values.isZipValid) errors['zipcode'] = NEW_CUSTOMER_MESSAGES.zipInvalid;
  if (step === 1 && values.lotSize === '') errors['lotSize'] = NEW_CUSTOMER_MESSAGES.lotSizeRequired;
  if (step === 2) {
    const isEdited = context.measuredTierId !== null && values.businesslogicId !== context.measuredTierId;
    if (isEdited && values.reasonSize.trim() === '') errors['reasonSize'] = NEW_CUSTOMER_MESSAGES.reasonRequired;
  }
  if (step === 3) {
    if (!errors['serviceDate'] && values.serviceDate !== '') {
      const problem = startDateProblem(values.serviceDate, context.today);
      if (problem) errors['serviceDate'] = problem;
    }
    if (values.isCommunityGate === true && values.communityAnswer.trim() === '') {
      errors['communityAnswer'] = NEW_CUSTOMER_MESSAGES.gateCodeRequired;
    }
    if (values.isBackyardGate === true && values.backyardAnswer.trim() === '') {
      errors['backyardAnswer'] = NEW_CUSTOMER_MESSAGES.gateCodeRequired;
    }
    for (const question of unreleasedItems(values, values.acceptedReleases)) {
      errors[question] ??= NEW_CUSTOMER_MESSAGES.liabilityRefused;
    }
  }
  if (step === LAST_STEP) {
    for (const set of ['billing', 'mailing'] as const) {
      for (const [field, message] of Object.entries(addressBlockProblems(values[set]))) {
        errors[`${set}.${field}`] = message;
      }
    }
  }
  return errors;
}

/**
 * The wizard form's schema: the rules of the step shown (`stepErrors`). The context is read when the form validates
 * (Next, Save), since the step and the measured tier follow from the form's own values.
 */
export function wizardFormSchema(context: () => StepContext) {
  return checkedFormSchema<WizardValues>((values) => {
    const { step, ...rest } = context();
    const errors = stepErrors(step, values, rest);
    return Object.keys(errors).length > 0 ? { errors } : { data: values };
  });
}

/** What every step component takes: the values, the current step's errors by field, and a change to merge. */
export type StepProps = { values: WizardValues; errors: StepErrors; onChange: (patch: Partial<WizardValues>) => void };
