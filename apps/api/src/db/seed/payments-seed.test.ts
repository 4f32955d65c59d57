import { calendarDateIn, INVOICE_STATUS, nextBusinessDay } from '@lawn/shared';
import { and, count, eq, isNull, isNotNull, max, min } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingRuns, chargeAttempts, invoices, properties } from '../schema';
import { useTestContext } from '../../test/test-app';
import { seedDatabase } from './seed';

const t = useTestContext();

describe('the demo payments', () => {
  it('give every demo property a token and the season so far its invoices, once', async () => {
    await seedDatabase(t.db);
    const [live] = await t.db.select({ total: count() }).from(properties).where(isNull(properties.deletedAt));
    const [withToken] = await t.db
      .select({ total: count() })
      .from(properties)
      .where(and(isNull(properties.deletedAt), isNotNull(properties.paymentToken)));
    expect(withToken?.total).toBe(live?.total);
    const [vault] = (
      await t.pool.query<{ total: number }>('select count(*)::int as total from payment_vault.instruments')
    ).rows;
    expect(vault?.total).toBe(live?.total);

    const byStatus = await t.db
      .select({ status: invoices.status, total: count() })
      .from(invoices)
      .groupBy(invoices.status);
    const totals = Object.fromEntries(byStatus.map((row) => [row.status, row.total]));
    expect(totals[INVOICE_STATUS.paid]).toBeGreaterThan(1000);
    expect(totals[INVOICE_STATUS.declined]).toBeGreaterThan(0);
    expect(totals[INVOICE_STATUS.pending]).toBeUndefined();
    // Billed the next business day after each mow, and only days already billed: today's work is the job's.
    const [last] = await t.db.select({ day: max(invoices.billingDate) }).from(invoices);
    expect((last?.day ?? '') < calendarDateIn(new Date())).toBe(true);
    const wrongDay = await t.db
      .select({ serviceDate: invoices.serviceDate, billingDate: invoices.billingDate })
      .from(invoices)
      .limit(200);
    for (const row of wrongDay) expect(row.billingDate).toBe(nextBusinessDay(row.serviceDate));
    // The season billed is recorded as billed: the daily billing goes on after its last mow day.
    const [firstService] = await t.db.select({ day: min(invoices.serviceDate) }).from(invoices);
    const [lastService] = await t.db.select({ day: max(invoices.serviceDate) }).from(invoices);
    const runs = await t.db.select().from(billingRuns);
    expect(runs).toEqual([
      expect.objectContaining({
        billingDate: last?.day,
        collectedThrough: lastService?.day,
        status: 'completed',
        collected: (totals[INVOICE_STATUS.paid] ?? 0) + (totals[INVOICE_STATUS.declined] ?? 0),
      }),
    ]);
    expect(runs[0]?.collectedFrom && firstService?.day && runs[0].collectedFrom <= firstService.day).toBe(true);
    // A card past its expiry is declined without a charge; other declines have the gateway's transaction id.
    const declined = await t.db
      .select({ code: invoices.declineCode, transactionId: invoices.transactionId })
      .from(invoices)
      .where(eq(invoices.status, INVOICE_STATUS.declined));
    for (const row of declined) {
      if (row.code === 'expired_card') expect(row.transactionId).toBeNull();
      else expect(row).toEqual({ code: 'insufficient_funds', transactionId: expect.stringMatching(/^ch_/) });
    }

    // Each declined invoice has its attempts: the billing's, then the scheduled retries whose day has passed.
    const attempts = await t.db
      .select({ invoiceId: chargeAttempts.invoiceId, number: chargeAttempts.number, source: chargeAttempts.source })
      .from(chargeAttempts)
      .orderBy(chargeAttempts.invoiceId, chargeAttempts.number);
    expect(new Set(attempts.map((attempt) => attempt.invoiceId)).size).toBe(declined.length);
    expect(attempts.filter((attempt) => attempt.number === 1).every((attempt) => attempt.source === 'billing')).toBe(
      true,
    );
    expect(attempts.some((attempt) => attempt.number > 1 && attempt.source === 'schedule')).toBe(true);

    const [before] = await t.db.select({ total: count() }).from(invoices);
    await seedDatabase(t.db);
    const [after] = await t.db.select({ total: count() }).from(invoices);
    expect(after?.total).toBe(before?.total);
    expect(await t.db.select().from(billingRuns)).toHaveLength(1);
  });
});
