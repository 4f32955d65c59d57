import {
  EMPTY_PROPERTY_ANSWERS,
  FREQUENCIES,
  type Frequency,
  type HowHeard,
  type MowCut,
  type PropertyAnswers,
  type ScheduleService,
} from '@lawn/shared';
import { useSyncExternalStore } from 'react';
import { createPersistedStore, type StorageLike } from '../../lib/persisted-state';

/** One address set of the billing page, and whether it copies the service address. */
export type AddressSet = { isSameAsService: boolean; address: string; city: string; zipcode: string; state: string };

/**
 * What the four public pages share: the quote, the customer's answers and the billing and mailing addresses. It lives
 * in sessionStorage so a reload keeps it, and is cleared after Success. Card and account numbers are never part of it:
 * they are encrypted in the page and go straight into the request.
 */
export type SignUpState = {
  serviceAddress: string;
  zipcode: string;
  city: string;
  state: string;
  marketId: number | null;
  taxRate: number;
  /** The zone's exceptions text, shown with the quote and on Success. */
  exceptions: string;
  lotSize: string;
  /** The chosen lot-size option of the market's table (what the order names; the server prices it). */
  lotSizeId: number | null;
  useCornerLot: boolean;
  srvFrecuency: Frequency;
  mowCut: MowCut[];
  isFlowerBedCleaning: boolean;
  isBushTrimming: boolean;
  firstName: string;
  lastName: string;
  contactNumber: string;
  isCellphone: 'Yes' | 'No';
  email: string;
  scheduleService: ScheduleService | '';
  serviceDate: string;
  answers: PropertyAnswers;
  specialReq: string;
  about: HowHeard | '';
  aboutOption: string;
  billing: AddressSet;
  mailing: AddressSet;
  /** What Success shows once the order is in (the account number the office will call about). */
  accountNumber: string;
  /**
   * The customer-info fields the server refused when the order was sent (an e-mail address a staff account uses...),
   * by the page's field names: that page shows each at its field until it is changed.
   */
  refusedFields: Record<string, string>;
};

const emptyAddress: AddressSet = { isSameAsService: false, address: '', city: '', zipcode: '', state: '' };

export const INITIAL_SIGN_UP_STATE: SignUpState = {
  serviceAddress: '',
  zipcode: '',
  city: '',
  state: '',
  marketId: null,
  taxRate: 0,
  exceptions: '',
  lotSize: '',
  lotSizeId: null,
  useCornerLot: false,
  srvFrecuency: 1,
  // Front and Back by default; Bag grass is added when chosen.
  mowCut: ['Front', 'Back'],
  isFlowerBedCleaning: false,
  isBushTrimming: false,
  firstName: '',
  lastName: '',
  contactNumber: '',
  isCellphone: 'Yes',
  email: '',
  scheduleService: '',
  serviceDate: '',
  answers: EMPTY_PROPERTY_ANSWERS,
  specialReq: '',
  about: '',
  aboutOption: '',
  billing: emptyAddress,
  mailing: emptyAddress,
  accountNumber: '',
  refusedFields: {},
};

const STORAGE_KEY = 'sign-up';

/** A stored state as far as it is still valid: unknown or mistyped values fall back to the initial ones. */
export function restoreSignUpState(saved: unknown, initial: SignUpState): SignUpState {
  if (typeof saved !== 'object' || saved === null) return initial;
  const merged: Record<string, unknown> = { ...initial };
  for (const [key, value] of Object.entries(saved)) {
    const initialValue = (initial as Record<string, unknown>)[key];
    if (initialValue === undefined) continue;
    const isSameKind =
      initialValue === null
        ? typeof value === 'number' || value === null
        : Array.isArray(initialValue)
          ? Array.isArray(value)
          : typeof value === typeof initialValue;
    // Records (the answers, the addresses) are merged over their initial fields; a list (the areas to mow) is taken
    // whole: spreading it into a record would turn ['Front', 'Back'] into { 0: 'Front', 1: 'Back' }.
    const isRecord = typeof initialValue === 'object' && initialValue !== null && !Array.isArray(initialValue);
    if (isSameKind) merged[key] = isRecord ? { ...initialValue, ...value } : value;
  }
  const state = merged as SignUpState;
  if (!(state.srvFrecuency in FREQUENCIES)) state.srvFrecuency = initial.srvFrecuency;
  return state;
}

const sessionStorageOf = (): StorageLike | undefined =>
  typeof window === 'undefined' ? undefined : window.sessionStorage;

export function createSignUpStore(getStorage: () => StorageLike | undefined = sessionStorageOf) {
  return createPersistedStore<SignUpState>({
    key: STORAGE_KEY,
    initialState: INITIAL_SIGN_UP_STATE,
    restore: restoreSignUpState,
    getStorage,
  });
}

export const signUpStore = createSignUpStore();

export function useSignUpState(): SignUpState {
  return useSyncExternalStore(signUpStore.subscribe, signUpStore.getState);
}

export function updateSignUp(change: Partial<SignUpState>): void {
  signUpStore.setState((state) => ({ ...state, ...change }));
}

export function resetSignUp(): void {
  signUpStore.reset();
}
