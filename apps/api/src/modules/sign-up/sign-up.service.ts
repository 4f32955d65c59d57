import {
  PET_ANSWERS,
  SIGN_UP_RELEASE_ITEMS,
  type LiabilityQuestion,
  type PublicSignUpCreated,
  type publicSignUpRequestSchema,
  type SignUpAnswers,
  type SignUpSettings,
  type YesNo,
} from '@lawn/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { SettingsStore } from '../settings/settings.service';
import type { NewCustomersService, SignUpAsked } from '../new-customers/new-customers.service';

type Deps = {
  config: Pick<Config, 'quoteVideoUrl' | 'marketingSiteUrl'>;
  /** The office phone and hours, as an Admin last set them. */
  settings: Pick<SettingsStore, 'current'>;
  newCustomers: Pick<NewCustomersService, 'create'>;
};

/** A parsed POST /api/web/customers body. */
export type PublicSignUp = z.output<typeof publicSignUpRequestSchema>;

/**
 * The sign-up's own answers in words, for the crew and the office: they travel with the special request, the note the
 * record shows for it. Only what was answered is written.
 */
export function signUpAnswerLines(answers: SignUpAnswers): string[] {
  const lines: string[] = [];
  if (answers.isItLocked === 'Yes') lines.push('Backyard gate is locked.');
  if (answers.isBackyardComboLock === 'Yes') lines.push('Install a free combo lock on the backyard gate.');
  if (answers.isLineTrimBeds !== '') lines.push(`Line trim the flower beds: ${answers.isLineTrimBeds}.`);
  if (answers.isFlowerBedsDamage === 'Yes') lines.push('Something in the flower beds could be damaged.');
  if (answers.isPetNoTrouble !== '') lines.push(`Pets: ${PET_ANSWERS[answers.isPetNoTrouble]}.`);
  const info = [answers.isFlowerBedCleaning && 'Flower Bed Cleaning', answers.isBushTrimming && 'Bush Trimming'];
  const wanted = info.filter(Boolean).join(', ');
  if (wanted) lines.push(`Wants info on: ${wanted}.`);
  return lines;
}

/** A follow-up as kept: null where it was not asked (the question above it was not Yes). */
const keptAnswer = (answer: YesNo): boolean | null => (answer === '' ? null : answer === 'Yes');

/** The sign-up's follow-ups and releases, as the creation keeps them with the property. */
function signUpAsked(answers: SignUpAnswers): SignUpAsked {
  const releases = Object.entries(SIGN_UP_RELEASE_ITEMS) as [keyof typeof SIGN_UP_RELEASE_ITEMS, LiabilityQuestion][];
  return {
    followUps: {
      isGateLocked: keptAnswer(answers.isItLocked),
      wantsComboLock: keptAnswer(answers.isBackyardComboLock),
      lineTrimBeds: keptAnswer(answers.isLineTrimBeds),
      bedsCouldBeDamaged: keptAnswer(answers.isFlowerBedsDamage),
      petsMowAround: answers.isPetNoTrouble === '' ? null : answers.isPetNoTrouble,
    },
    // The schema has refused a sign-up whose item is Yes without its release, so each Yes here is accepted.
    releasedItems: releases.filter(([release]) => answers[release] === 'Yes').map(([, item]) => item),
  };
}

/** The public sign-up: its settings, and the order, created by the one creation service of every new customer. */
export function createSignUpService({ config, settings, newCustomers }: Deps) {
  return {
    async settings(): Promise<SignUpSettings> {
      const { officePhone, officeHours, billingCharges } = await settings.current();
      return {
        videoUrl: config.quoteVideoUrl ?? null,
        marketingUrl: config.marketingSiteUrl ?? null,
        officePhone,
        officeHours,
        billingCharges,
      };
    },

    /**
     * Creates the order; `ip` is the address the request came from, kept with the customer's releases. An order whose
     * e-mail address is a current customer's joins that customer (ADR 0030), and answers just the same.
     */
    async create({ order, signUp }: PublicSignUp, ip: string | null): Promise<PublicSignUpCreated> {
      const specialRequest = [order.specialRequest, ...signUpAnswerLines(signUp)].filter(Boolean).join('\n');
      const created = await newCustomers.create(
        { ...order, specialRequest },
        { kind: 'public', ip },
        signUpAsked(signUp),
      );
      // The new property's own account number only: nothing that tells whether it joined a current customer.
      return { accountNumber: created.accountNumber };
    },
  };
}

export type SignUpService = ReturnType<typeof createSignUpService>;
