import type { AuthorizationChannel } from '@lawn/shared';
import { desc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentAuthorizations } from '../../db/schema';

export type NewChargeAuthorization = {
  propertyId: number;
  paymentType: number;
  acceptedAt: Date;
  acceptedByUserId: number | null;
  acceptedBy: string;
  channel: AuthorizationChannel;
  textVersion: string;
  text: string;
};

export type ChargeAuthorizationRow = Omit<NewChargeAuthorization, 'acceptedByUserId'>;

export async function insertChargeAuthorization(db: Executor, row: NewChargeAuthorization): Promise<void> {
  await db.insert(paymentAuthorizations).values(row);
}

/** The latest acceptance of each property that has one: the one in force. */
export async function latestChargeAuthorizations(
  db: Executor,
  propertyIds: readonly number[],
): Promise<Map<number, ChargeAuthorizationRow>> {
  if (propertyIds.length === 0) return new Map();
  const rows = await db
    .select({
      propertyId: paymentAuthorizations.propertyId,
      paymentType: paymentAuthorizations.paymentType,
      acceptedAt: paymentAuthorizations.acceptedAt,
      acceptedBy: paymentAuthorizations.acceptedBy,
      channel: paymentAuthorizations.channel,
      textVersion: paymentAuthorizations.textVersion,
      text: paymentAuthorizations.text,
    })
    .from(paymentAuthorizations)
    .where(inArray(paymentAuthorizations.propertyId, [...propertyIds]))
    .orderBy(desc(paymentAuthorizations.acceptedAt), desc(paymentAuthorizations.id));
  const latest = new Map<number, ChargeAuthorizationRow>();
  for (const row of rows) {
    if (!latest.has(row.propertyId))
      latest.set(row.propertyId, { ...row, channel: row.channel as AuthorizationChannel });
  }
  return latest;
}
