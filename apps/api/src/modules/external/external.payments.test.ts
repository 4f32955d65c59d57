import { EXTERNAL_SCOPES, INVOICE_STATUS, type ExternalAccess, type ExternalPayment } from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { TEST_JWT_SECRET, useTestContext } from '../../test/test-app';
import { signExternalToken } from '../../tokens/external-token';

const t = useTestContext();

let mine: { id: number; accountNumber: string };
let theirs: { id: number };

/** Weekly Wednesday services of 2026 from week 1 (which starts Monday 2026-03-02), each billed the next day. */
const services = (propertyId: number, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const day = new Date(Date.UTC(2026, 2, 2 + index * 7 + 2));
    const billed = new Date(day.getTime() + 24 * 60 * 60 * 1000);
    return {
      propertyId,
      year: 2026,
      week: index + 1,
      serviceDate: day.toISOString().slice(0, 10),
      billingDate: billed.toISOString().slice(0, 10),
      subtotal: 40,
      tax: 3.3,
      total: 43.3,
      // The fourth service was declined; the rest were paid.
      status: index === 3 ? INVOICE_STATUS.declined : INVOICE_STATUS.paid,
      paymentType: 1,
      cardType: 4,
      lastFour: '4242',
      transactionId: index === 3 ? null : `ch_${propertyId}_${index}`,
    };
  });

beforeAll(async () => {
  const marketId = await insertMarket(t.db, 'Austin');
  mine = await insertRecord(t.db, { marketId });
  theirs = await insertRecord(t.db, { marketId });
  await t.db.insert(invoices).values([...services(mine.id, 12), ...services(theirs.id, 3)]);
});

const tokenFor = (access: ExternalAccess) => signExternalToken(access, TEST_JWT_SECRET);
const payments = async (query: string, propertyId = mine.id) =>
  t.app.inject({
    url: `/api/external/payments${query}`,
    headers: { authorization: `Bearer ${await tokenFor({ propertyId, scopes: [...EXTERNAL_SCOPES] })}` },
  });

type PaymentsPage = { data: ExternalPayment[]; total: number; perPage: number; currentPage: number; lastPage: number };

describe('GET /api/external/payments', () => {
  it("answers the token's property's payments only, newest first, 10 a page", async () => {
    const response = await payments('?render=paginate');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<PaymentsPage>();
    expect(page).toMatchObject({ total: 12, perPage: 10, currentPage: 1, lastPage: 2 });
    expect(page.data).toHaveLength(10);
    expect(page.data.every((payment) => payment.customerId === mine.accountNumber)).toBe(true);
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      customerId: mine.accountNumber,
      createdAt: '2026-05-21',
      amount: 43.3,
      status: INVOICE_STATUS.paid,
      statusName: 'Paid',
    });
    const second = (await payments('?page=2')).json<PaymentsPage>();
    expect(second.data.map((payment) => payment.createdAt)).toEqual(['2026-03-12', '2026-03-05']);
  });

  it('adds the mow week and day and the payment type when asked, as the customer pages ask', async () => {
    const response = await payments('?render=paginate&filter[status]=1&include=crewService,customerPayment&page=2');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<PaymentsPage>();
    // The declined service is left out: 11 paid.
    expect(page.total).toBe(11);
    expect(page.data.at(-1)).toMatchObject({
      createdAt: '2026-03-05',
      crewService: { week: 1, weekDay: 'Wednesday' },
      customerPayment: { paymentTypeName: 'Visa' },
    });
  });

  it('has no way to ask for another property', async () => {
    expect((await payments(`?filter[propertyId]=${theirs.id}`)).statusCode).toBe(400);
    expect((await payments(`?propertyId=${theirs.id}`)).statusCode).toBe(400);
    expect((await payments(`?filter[customerId]=${mine.accountNumber}`)).statusCode).toBe(400);
    const other = (await payments('', theirs.id)).json<PaymentsPage>();
    expect(other.total).toBe(3);
  });

  it('keeps pages to 10 rows', async () => {
    expect((await payments('?limit=10')).statusCode).toBe(200);
    const tooMany = await payments('?limit=11');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ limit: ['The limit must be a whole number from 1 to 10.'] });
  });

  it('needs the payments scope', async () => {
    const token = await tokenFor({ propertyId: mine.id, scopes: ['calendar', 'payment-method'] });
    const response = await t.app.inject({
      url: '/api/external/payments',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
  });
});
