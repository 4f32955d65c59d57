import {
  ACCEPTED_ONLINE,
  CUSTOMER_MESSAGES,
  PROPERTY_ANSWER_LABELS,
  propertyAnswerLines,
  type Actor,
  type LiabilityQuestion,
  type PropertyAnswerValues,
  type RecordedPropertyAnswers,
  type Role,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../http/errors';
import { recordPropertyChange } from './customers.service';
import * as repo from './property-answers.repo';

/**
 * Who accepted the releases of a new customer: the office user who took the order in the wizard (the customer agreed
 * on the phone), or the customer on the public sign-up; with the address the request came from, when known.
 */
export type ReleaseAcceptance = {
  by: { kind: 'staff'; actor: Actor & { fullName: string } } | { kind: 'online' };
  ip: string | null;
  at: Date;
};

/** What a new customer's creation keeps of the answers about the property. */
export type NewPropertyAnswers = {
  propertyId: number;
  answers: PropertyAnswerValues;
  /** The items whose release of liability the customer accepted (each one answered Yes). */
  releasedItems: readonly LiabilityQuestion[];
  acceptance: ReleaseAcceptance;
};

/**
 * Keeps the answers about a new customer's property and each release of liability with who accepted it, from where and
 * when, inside the creation's transaction; the history says the same in words, at the creation.
 */
export async function keepPropertyAnswers(executor: Executor, input: NewPropertyAnswers): Promise<void> {
  const { propertyId, answers, releasedItems, acceptance } = input;
  const staff = acceptance.by.kind === 'staff' ? acceptance.by.actor : null;
  const acceptedBy = staff ? staff.fullName : ACCEPTED_ONLINE;
  await repo.insertAnswers(executor, propertyId, answers);
  await repo.insertReleases(
    executor,
    propertyId,
    releasedItems.map((item) => ({
      item,
      acceptedByUserId: staff?.id ?? null,
      acceptedBy,
      acceptedFromIp: acceptance.ip,
      acceptedAt: acceptance.at,
    })),
  );
  const words = propertyAnswerLines(answers).map((line) => `${line.label}: ${line.value}`);
  const released = releasedItems.map((item) => PROPERTY_ANSWER_LABELS[item]);
  const releaseWords =
    released.length === 0 ? '' : `. Release of liability accepted by ${acceptedBy} for: ${released.join(', ')}`;
  await recordPropertyChange(executor, {
    propertyId,
    actor: staff,
    action: 'property-answers',
    description: `Property answers at sign-up: ${words.join('; ')}${releaseWords}`,
    changes: Object.fromEntries(
      Object.entries({ ...answers, releases: releasedItems }).map(([field, value]) => [
        field,
        { from: null, to: value },
      ]),
    ),
    isEdit: false,
  });
}

/** Who reads a stop's answers: an office user, or a crew user for a property of their crew only. */
type AnswersReader = { role: Role; crewNumber: number | null };

export function createPropertyAnswersService({ db }: { db: Database }) {
  return {
    /**
     * The answers and releases of a live record, for the record and the crew's stop; null when the customer signed up
     * before they were kept. A crew user reads only the properties of their crew: another one answers 404, as if
     * it did not exist.
     */
    async get(propertyId: number, reader: AnswersReader): Promise<RecordedPropertyAnswers | null> {
      const found = await repo.findAnswers(db, propertyId);
      const isOtherCrew = reader.role === 'crew' && (reader.crewNumber === null || found?.crew !== reader.crewNumber);
      if (!found || isOtherCrew) throw notFound(CUSTOMER_MESSAGES.notFound);
      return found.answers;
    },
  };
}

export type PropertyAnswersService = ReturnType<typeof createPropertyAnswersService>;
