import { isoDayOfWeek, type WebPaymentMethodChange, type PublicSignUpRequest, type Weekday } from '@lawn/shared';
import type { AddressSet, SignUpState } from './sign-up-state';

const yes = (answer: string) => answer === 'Yes';
const NOT_LOCKED = 'Not locked';

function addressBlock(set: AddressSet, name: string) {
  return {
    isSameAsService: set.isSameAsService,
    name,
    address: set.address.trim(),
    city: set.city.trim(),
    state: set.state,
    zipcode: set.zipcode.trim(),
    poBox: '',
    poBoxCity: '',
    poBoxState: '',
    poBoxZipcode: '',
  };
}

/**
 * The body of POST /web/customers: the order in the new-customer schema both paths share (the server prices it again
 * and ignores any price), and the sign-up's own answers beside it. The card or account number is already encrypted.
 */
export function toSignUpRequest(state: SignUpState, payment: WebPaymentMethodChange): PublicSignUpRequest {
  const { answers } = state;
  const name = `${state.firstName.trim()} ${state.lastName.trim()}`;
  return {
    order: {
      zipcode: state.zipcode,
      serviceAddress: state.serviceAddress,
      city: state.city,
      state: state.state,
      marketId: state.marketId ?? undefined,
      businesslogicId: state.lotSizeId ?? 0,
      useCornerLot: state.useCornerLot,
      srvFrecuency: state.srvFrecuency,
      grassOvergrown: yes(answers.grassOvergrown),
      mowCut: state.mowCut,
      firstName: state.firstName,
      lastName: state.lastName,
      email: state.email.trim(),
      contactNumber: state.contactNumber,
      isCellphone: yes(state.isCellphone),
      serviceDate: state.serviceDate,
      // The mow weekday is the start date's (1 Monday to 5 Friday; the start date is always a weekday).
      weekDay: isoDayOfWeek(state.serviceDate) as Weekday,
      isCommunityGate: yes(answers.isCommunityGate),
      communityAnswer: answers.communityCode,
      isBackyardGate: yes(answers.isBackyardGate),
      // The office keeps one answer per backyard gate: its code when it is locked, else that it is not locked.
      backyardAnswer: yes(answers.isItLocked) ? answers.gateCode : yes(answers.isBackyardGate) ? NOT_LOCKED : '',
      isFlowerBeds: yes(answers.isFlowerBeds),
      isPetsBackyard: yes(answers.isPetsBackyard),
      isFencePlastic: yes(answers.isFencePlastic),
      isAboveGroundPool: yes(answers.isAboveGroundPool),
      isTranpoline: yes(answers.isTrampoline),
      about: state.about === '' ? null : state.about,
      aboutOption: state.aboutOption,
      specialRequest: state.specialReq,
      payment,
      billing: addressBlock(state.billing, name),
      mailing: addressBlock(state.mailing, name),
    },
    signUp: {
      // The customer-info page does not go on without a choice.
      scheduleService: state.scheduleService || 'scheduled',
      isItLocked: answers.isItLocked,
      isBackyardComboLock: answers.isBackyardComboLock,
      isLineTrimBeds: answers.isLineTrimBeds,
      isFlowerBedsDamage: answers.isFlowerBedsDamage,
      isPetNoTrouble: answers.isPetNoTrouble,
      disclaimerFencePlastic: answers.disclaimerFencePlastic,
      disclaimerAboveGroundPool: answers.disclaimerAboveGroundPool,
      disclaimerTrampoline: answers.disclaimerTrampoline,
      isFlowerBedCleaning: state.isFlowerBedCleaning,
      isBushTrimming: state.isBushTrimming,
    },
  };
}
