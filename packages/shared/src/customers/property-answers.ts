import { z } from 'zod';
import { LIABILITY_QUESTION_KEYS } from '../new-customers/new-customer.constants';
import { PET_ANSWERS } from '../sign-up/property-questions';

/** Who accepted a release taken on the public sign-up: the customer themself, with no user of the business. */
export const ACCEPTED_ONLINE = 'The customer, online';

/**
 * One release of liability as the business keeps it (its legal record): the item, whether it was accepted, who
 * accepted it (the office user who took the order, or the customer online, with the address the request came from)
 * and when.
 */
export const liabilityReleaseSchema = z.object({
  item: z.enum(LIABILITY_QUESTION_KEYS),
  accepted: z.boolean(),
  /** The office user's name as it was then, or `ACCEPTED_ONLINE`. */
  acceptedBy: z.string(),
  /** The office user who took the order; null when the customer accepted online. */
  acceptedByUserId: z.number().int().nullable(),
  /** The network address the request came from, when known. */
  acceptedFromIp: z.string().nullable(),
  acceptedAt: z.string(),
});
export type LiabilityRelease = z.infer<typeof liabilityReleaseSchema>;

/**
 * The answers about a property given when the customer signed up (the office's wizard or the public sign-up), with
 * the gate codes as the record holds them now: what the office reads on the record and the crew needs at the stop.
 * A follow-up is null where it was not asked (the office's wizard asks no follow-ups; the sign-up asks one only
 * after a Yes to the question above it).
 */
export const recordedPropertyAnswersSchema = z.object({
  grassOvergrown: z.boolean(),
  isCommunityGate: z.boolean(),
  communityCode: z.string().nullable(),
  isBackyardGate: z.boolean(),
  isGateLocked: z.boolean().nullable(),
  gateCode: z.string().nullable(),
  wantsComboLock: z.boolean().nullable(),
  isFlowerBeds: z.boolean(),
  lineTrimBeds: z.boolean().nullable(),
  bedsCouldBeDamaged: z.boolean().nullable(),
  isPetsBackyard: z.boolean(),
  /** Whether the crew can mow around the pets: Yes, or yes after knocking on the front door first. */
  petsMowAround: z.enum(Object.keys(PET_ANSWERS) as [keyof typeof PET_ANSWERS]).nullable(),
  isFencePlastic: z.boolean(),
  isAboveGroundPool: z.boolean(),
  isTranpoline: z.boolean(),
  answeredAt: z.string(),
  releases: z.array(liabilityReleaseSchema),
});
export type RecordedPropertyAnswers = z.infer<typeof recordedPropertyAnswersSchema>;

/** GET /api/customers/{id}/property-answers: null for a customer who signed up before the answers were kept. */
export const propertyAnswersResponseSchema = z.object({ data: recordedPropertyAnswersSchema.nullable() });

/** The recorded answers, without the codes, the time and the releases: what the sign-up's questions answer. */
export type PropertyAnswerValues = Omit<
  RecordedPropertyAnswers,
  'communityCode' | 'gateCode' | 'answeredAt' | 'releases'
>;

/**
 * How the record, the history and the crew's stop name each answer, in the order the questions are asked; a release is
 * named by its item's answer (`isAboveGroundPool`: 'Above-ground pool').
 */
export const PROPERTY_ANSWER_LABELS: Record<keyof PropertyAnswerValues, string> = {
  grassOvergrown: 'Grass overgrown (above six inches)',
  isCommunityGate: 'Community gate',
  isBackyardGate: 'Backyard gate',
  isGateLocked: 'Backyard gate locked',
  wantsComboLock: 'Install a free combo lock',
  isFlowerBeds: 'Flower beds',
  lineTrimBeds: 'Line trim the beds',
  bedsCouldBeDamaged: 'Something in the beds could be damaged',
  isPetsBackyard: 'Pets in the backyard',
  petsMowAround: 'Mow around the pets',
  isFencePlastic: 'White vinyl fence',
  isAboveGroundPool: 'Above-ground pool',
  isTranpoline: 'Trampoline',
};

/** The answers that were asked, in words (`Yes`, `No`, or the pets answer), in the order of the questions. */
export function propertyAnswerLines(
  answers: PropertyAnswerValues,
): { field: keyof PropertyAnswerValues; label: string; value: string }[] {
  return (Object.keys(PROPERTY_ANSWER_LABELS) as (keyof PropertyAnswerValues)[]).flatMap((field) => {
    const answer = answers[field];
    if (answer === null) return [];
    const value = typeof answer === 'boolean' ? (answer ? 'Yes' : 'No') : PET_ANSWERS[answer];
    return [{ field, label: PROPERTY_ANSWER_LABELS[field], value }];
  });
}
