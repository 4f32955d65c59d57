import path from 'node:path';
import type { IsoDate } from '@lawn/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach } from 'vitest';
import { properties } from '../../db/schema';
import type { PaymentGateway } from '../../payments/gateway';
import { createLocalGateway } from '../../payments/local/local-gateway';
import { encryptFor } from '../../test/payment-fixtures';
import { insertMarket } from '../../test/record-fixtures';
import type { TestContext } from '../../test/test-app';

export type BillingSetUp = { readonly marketId: number; readonly gateway: PaymentGateway };

/**
 * What a billing test file runs on: a market, and the local payment gateway with its own key, its clock before the
 * billed weeks of 2027 so the test cards have not expired. Each test starts from no invoices, runs, schedules,
 * service notes or vault charges; the properties are its own.
 */
export function useBillingSetUp(t: TestContext, name: string): BillingSetUp {
  const setUp = {} as BillingSetUp;
  beforeAll(async () => {
    const marketId = await insertMarket(t.db, name);
    const gateway = createLocalGateway({
      db: t.db,
      keyFile: path.join(t.config.dataDir, 'billing-key.pem'),
      clock: () => new Date('2027-05-01T12:00:00Z'),
    });
    Object.assign(setUp, { marketId, gateway });
  });
  beforeEach(async () => {
    await t.db.execute(
      sql`truncate invoices, charge_attempts, charge_declines, billing_runs, property_schedules, service_notes, payment_vault.charges, payment_vault.refunds`,
    );
  });
  return setUp;
}

/** Makes the property pay by a Visa card the gateway keeps; `expiry` overrides the stored expiry date. */
export async function payByCard(
  t: TestContext,
  gateway: PaymentGateway,
  propertyId: number,
  cardNumber: string,
  expiry?: IsoDate,
): Promise<void> {
  const card = await gateway.tokenizeCard({
    encryptedNumber: await encryptFor(gateway, cardNumber),
    cardType: 4,
    expiryMonth: 12,
    expiryYear: 2030,
    holderName: 'Pat Doe',
  });
  await t.db
    .update(properties)
    .set({
      paymentToken: card.token,
      paymentType: 1,
      cardType: 4,
      cardLastFour: card.lastFour,
      cardExpiry: expiry ?? card.expiry,
    })
    .where(eq(properties.id, propertyId));
}
