import {
  LIABILITY_QUESTION_KEYS,
  type LiabilityQuestion,
  type PropertyAnswerValues,
  type RecordedPropertyAnswers,
} from '@lawn/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { properties, propertyAnswers, propertyLiabilityReleases } from '../../db/schema';
import { byPropertyId } from './customers.list';

/** One release as it is written: the item, and who accepted it, from where and when. */
export type NewRelease = {
  item: LiabilityQuestion;
  acceptedByUserId: number | null;
  acceptedBy: string;
  acceptedFromIp: string | null;
  acceptedAt: Date;
};

export async function insertAnswers(db: Executor, propertyId: number, answers: PropertyAnswerValues): Promise<void> {
  const { isTranpoline, ...rest } = answers;
  await db.insert(propertyAnswers).values({ propertyId, ...rest, isTrampoline: isTranpoline });
}

export async function insertReleases(db: Executor, propertyId: number, releases: readonly NewRelease[]): Promise<void> {
  if (releases.length === 0) return;
  await db
    .insert(propertyLiabilityReleases)
    .values(releases.map((release) => ({ propertyId, accepted: true, ...release })));
}

/** The live property's crew (who may read its stop) and answers with its gate codes; null without a live property. */
export async function findAnswers(db: Executor, propertyId: number) {
  const [row] = await db
    .select({
      crew: properties.crew,
      communityCode: properties.communityCode,
      gateCode: properties.gateCode,
      answers: propertyAnswers,
    })
    .from(properties)
    .leftJoin(propertyAnswers, eq(propertyAnswers.propertyId, properties.id))
    .where(byPropertyId(propertyId));
  if (!row) return null;
  if (!row.answers) return { crew: row.crew, answers: null };
  const releases = await db
    .select()
    .from(propertyLiabilityReleases)
    .where(eq(propertyLiabilityReleases.propertyId, propertyId));
  // In the order the questions are asked.
  const order = (item: string) => LIABILITY_QUESTION_KEYS.indexOf(item as LiabilityQuestion);
  releases.sort((first, second) => order(first.item) - order(second.item));
  const { propertyId: _id, createdAt, isTrampoline, ...values } = row.answers;
  const answers: RecordedPropertyAnswers = {
    ...values,
    isTranpoline: isTrampoline,
    petsMowAround: values.petsMowAround as RecordedPropertyAnswers['petsMowAround'],
    communityCode: row.communityCode,
    gateCode: row.gateCode,
    answeredAt: createdAt.toISOString(),
    releases: releases.map((release) => ({
      item: release.item as LiabilityQuestion,
      accepted: release.accepted,
      acceptedBy: release.acceptedBy,
      acceptedByUserId: release.acceptedByUserId,
      acceptedFromIp: release.acceptedFromIp,
      acceptedAt: release.acceptedAt.toISOString(),
    })),
  };
  return { crew: row.crew, answers };
}
