import { CUSTOMER_MESSAGES, PRICING_MESSAGES, type CustomerDetail } from '@lawn/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerHistory } from '../../db/schema';
import { insertMarket, insertRecord } from '../../test/record-fixtures';
import { useTestContext } from '../../test/test-app';

const t = useTestContext();

let headers: { authorization: string };
let dallas: number;

beforeAll(async () => {
  headers = await t.authHeaders(await t.createUser({ role: 'Admin', firstName: 'Alex', lastName: 'Morgan' }));
  dallas = await insertMarket(t.db, 'Dallas');
});

const patch = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/customers/${id}`, headers, payload });
const read = async (id: number) =>
  (await t.app.inject({ url: `/api/customers/${id}`, headers })).json<{ data: CustomerDetail }>().data;
const historyOf = (id: number) =>
  t.db.select().from(customerHistory).where(eq(customerHistory.propertyId, id)).orderBy(customerHistory.id);

/** A record priced by the default table's Medium lot: 35 a weekly mow, 40 bi-weekly; tax 8.25 %. */
const mediumLot = { lotSize: 'Medium', costService: 35, subtotalMowing: 35, calculatedTax: 2.89, totalMowing: 37.89 };

describe('the Billing info fields of a record', () => {
  it('are read with the record; the payment type is the one on file (null when none: the tab shows E-Check)', async () => {
    const { id } = await insertRecord(t.db, {
      marketId: dallas,
      property: { billingName: 'Pat Doe', billingZip: '75201', billingPoBox: '12', paymentType: 2 },
    });
    expect(await read(id)).toMatchObject({
      paymentType: 2,
      billingName: 'Pat Doe',
      billingZipCode: '75201',
      poBoxEnabled: false,
      billingPoBox: '12',
      billingPoBoxCity: null,
    });
    const noPayment = await insertRecord(t.db, { marketId: dallas, property: { paymentType: null } });
    expect((await read(noPayment.id)).paymentType).toBeNull();
  });

  it('save with the state in capitals, blank texts as none, and one history entry naming each change', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas, property: { billingName: 'Old Name' } });
    const response = await patch(id, {
      billingName: '',
      billingAddress: '1 Main St',
      billingZipCode: '75201',
      billingCity: 'Dallas',
      billingState: 'tx',
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      billingName: null,
      billingAddress: '1 Main St',
      billingZipCode: '75201',
      billingCity: 'Dallas',
      billingState: 'TX',
      version: 2,
    });
    const entries = await historyOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.description).toBe(
      'Changed billing name from Old Name to none; changed billing address from none to 1 Main St; ' +
        'changed billing zip code from none to 75201; changed billing city from none to Dallas; ' +
        'changed billing state from none to TX',
    );
  });

  it('refuse each broken rule with its message and save nothing', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas });
    const before = await read(id);
    const response = await patch(id, {
      billingName: 'x'.repeat(51),
      billingZipCode: '7520',
      billingCity: 'x'.repeat(81),
      billingPoBox: 'x'.repeat(11),
      billingPoBoxCity: 'x'.repeat(81),
      billingPoBoxZipcode: 'abcde',
      costService: null,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      billingName: ['Max. 50 characters'],
      billingZipCode: [CUSTOMER_MESSAGES.zipInvalid],
      billingCity: ['Max. 80 characters'],
      billingPoBox: ['Max. 10 characters'],
      billingPoBoxCity: ['Max. 80 characters'],
      billingPoBoxZipcode: [CUSTOMER_MESSAGES.zipInvalid],
      costService: ['Field is required'],
    });
    expect((await patch(id, { billingZipCode: '' })).json().errors).toEqual({
      billingZipCode: [CUSTOMER_MESSAGES.zipRequired],
    });
    expect((await patch(id, { costService: 0 })).json().errors).toEqual({
      costService: [PRICING_MESSAGES.pricePositive],
    });
    expect(await read(id)).toEqual(before);
    expect(await historyOf(id)).toEqual([]);
  });

  it('refuse a billing zip that is no real zip (the invalid-zip rule), and save nothing', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas, property: { billingZip: '75201' } });
    const response = await patch(id, { billingZipCode: '00000', billingCity: 'Nowhere' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ billingZipCode: [CUSTOMER_MESSAGES.zipInvalid] });
    expect(await read(id)).toMatchObject({ billingZipCode: '75201', billingCity: null });
  });

  it('need the PO box city, state and zip once a PO box is given, counting what the record already has', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas });
    expect((await patch(id, { poBoxEnabled: true })).statusCode).toBe(200);
    const alone = await patch(id, { billingPoBox: '123' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors).toEqual({
      billingPoBoxCity: ['Field is required'],
      billingPoBoxState: ['Field is required'],
      billingPoBoxZipcode: ['Field is required'],
    });
    const whole = await patch(id, {
      billingPoBox: '123',
      billingPoBoxCity: 'Dallas',
      billingPoBoxState: 'tx',
      billingPoBoxZipcode: '75201',
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().data).toMatchObject({ poBoxEnabled: true, billingPoBox: '123', billingPoBoxState: 'TX' });
    // The city alone cannot go while the box stays.
    const cleared = await patch(id, { billingPoBoxCity: '' });
    expect(cleared.json().errors).toEqual({ billingPoBoxCity: ['Field is required'] });
    // Without a box, its place may go.
    const removed = await patch(id, { billingPoBox: '', billingPoBoxCity: '', billingPoBoxState: null });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('never take a price from the client: price, tax and total are not fields of the patch', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas });
    const response = await patch(id, { subtotalMowing: 1, calculatedTax: 0, totalMowing: 1, taxRate: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      subtotalMowing: ['Unknown field: subtotalMowing'],
      calculatedTax: ['Unknown field: calculatedTax'],
      totalMowing: ['Unknown field: totalMowing'],
      taxRate: ['Unknown field: taxRate'],
    });
  });

  it('stale version: 409 and nothing written', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas });
    expect((await patch(id, { billingName: 'First', version: 1 })).statusCode).toBe(200);
    const stale = await patch(id, { billingName: 'Second', costService: 50, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: CUSTOMER_MESSAGES.stale });
    expect(await read(id)).toMatchObject({ billingName: 'First', costService: 35, totalMowing: 37.89, version: 2 });
    expect(await historyOf(id)).toHaveLength(1);
  });
});

describe('the price of a record, computed by the server', () => {
  it('follows a new base price: price, tax and total in the same history entry', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas, property: mediumLot });
    const response = await patch(id, { costService: 50 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      costService: 50,
      subtotalMowing: 50,
      calculatedTax: 4.13,
      totalMowing: 54.13,
    });
    const entries = await historyOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.description).toBe(
      'Changed base price from $35.00 to $50.00; changed price from $35.00 to $50.00; ' +
        'changed tax from $2.89 to $4.13; changed total from $37.89 to $54.13',
    );
  });

  it('follows a new frequency: the lot’s price for it, with bag grass by the frequency', async () => {
    const { id } = await insertRecord(t.db, {
      marketId: dallas,
      property: { ...mediumLot, mowCut: ['Front', 'Back', 'BagGrass'], costService: 35, subtotalMowing: 45 },
    });
    // Bi-weekly Medium: 40, bag grass 20 on any frequency but weekly.
    expect((await patch(id, { srvFrecuency: 2, keepPrice: false })).json().data).toMatchObject({
      costService: 40,
      subtotalMowing: 60,
      calculatedTax: 4.95,
      totalMowing: 64.95,
    });
    // The Drought Schedule never bags: 40 and no surcharge. Its table price is the agreed 40: no choice to make.
    expect((await patch(id, { srvFrecuency: 4 })).json().data).toMatchObject({
      costService: 40,
      subtotalMowing: 40,
      totalMowing: 43.3,
    });
  });

  it('keeps a base price agreed in the same save as a new frequency', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas, property: mediumLot });
    expect((await patch(id, { srvFrecuency: 2, costService: 33 })).json().data).toMatchObject({
      costService: 33,
      subtotalMowing: 33,
      totalMowing: 35.72,
    });
  });

  it('follows the areas to mow: one of Front or Back takes 5 off', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas, property: mediumLot });
    expect((await patch(id, { mowCut: ['Front'] })).json().data).toMatchObject({
      costService: 35,
      subtotalMowing: 30,
      totalMowing: 32.48,
    });
  });

  it('prices a record without a known lot from its agreed price', async () => {
    const { id } = await insertRecord(t.db, { marketId: dallas, property: { lotSize: null } });
    expect((await patch(id, { srvFrecuency: 3 })).json().data).toMatchObject({
      costService: 35,
      subtotalMowing: 35,
      totalMowing: 37.89,
    });
  });
});
