import { PET_ANSWERS, type publicSignUpRequestSchema, type SignUpAnswers, type SignUpSettings } from '@lawn/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { NewCustomersService } from '../new-customers/new-customers.service';

type Deps = {
  config: Pick<Config, 'quoteVideoUrl' | 'marketingSiteUrl'>;
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

/** The public sign-up: its settings, and the order, created by the one creation service of every new customer. */
export function createSignUpService({ config, newCustomers }: Deps) {
  return {
    settings: (): SignUpSettings => ({
      videoUrl: config.quoteVideoUrl ?? null,
      marketingUrl: config.marketingSiteUrl ?? null,
    }),

    async create({ order, signUp }: PublicSignUp) {
      const specialRequest = [order.specialRequest, ...signUpAnswerLines(signUp)].filter(Boolean).join('\n');
      return newCustomers.create({ ...order, specialRequest }, { kind: 'public' });
    },
  };
}

export type SignUpService = ReturnType<typeof createSignUpService>;
