import {
  dateOfWeekday,
  FIFTH_MOW_MESSAGES,
  NOTE_TYPE,
  type FifthMowEligibility,
  type SpecialRequestPopup,
} from '@lawn/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices, notes } from '../../db/schema';
import { useRecordEditing } from '../customers/customers.test-fixtures';

/** The 5th Mow dialog's eligibility and application, and the pop-up on opening a record. */
const editing = useRecordEditing();
const { t } = editing;

const E_CHECK = { paymentType: 2 };
const CARD = { paymentType: 1, cardType: 4 };
/** A date no test reaches the past of. */
const NOTE = { serviceDate: '2049-06-01', serviceHour: '09:30', description: 'Fifth mow free, e-check customer' };

const eligibilityOf = async (id: number, headers = editing.headers) => {
  const response = await t.app.inject({ url: `/api/customers/${id}/fiveMow`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: FifthMowEligibility }>().data;
};
const apply = (id: number, payload: Record<string, unknown> = NOTE, headers = editing.headers, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/customers/${id}/fiveMow`,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

/** Invoices of a property, one a week from week 11 of 2027 (the fifth with the discount when `discounted`). */
async function billServices(propertyId: number, count: number, discounted = false) {
  for (let index = 0; index < count; index += 1) {
    await t.db.insert(invoices).values({
      propertyId,
      year: 2027,
      week: 11 + index,
      serviceDate: dateOfWeekday(2027, 11 + index, 1),
      billingDate: dateOfWeekday(2027, 11 + index, 2),
      subtotal: 35,
      tax: 2.89,
      total: 37.89,
      discount: discounted && index === 4 ? 'fifth_mow' : null,
    });
  }
}

describe('5th mow eligibility', () => {
  it('qualifies a new customer paying by e-check who has not received it', async () => {
    const { id } = await editing.insertRecord({ property: E_CHECK });
    await billServices(id, 4);
    expect(await eligibilityOf(id)).toEqual({
      newCustomer: true,
      eChecks: true,
      fiveThNow: false,
      note: null,
      qualifies: true,
    });
  });

  it('does not qualify a customer paying by card', async () => {
    const { id } = await editing.insertRecord({ property: CARD });
    expect(await eligibilityOf(id)).toMatchObject({ newCustomer: true, eChecks: false, qualifies: false });
    const refused = await apply(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FIFTH_MOW_MESSAGES.notQualified);
  });

  it('does not qualify a customer past their fifth service', async () => {
    const { id } = await editing.insertRecord({ property: E_CHECK });
    await billServices(id, 5);
    expect(await eligibilityOf(id)).toMatchObject({ newCustomer: false, eChecks: true, qualifies: false });
    expect((await apply(id)).statusCode).toBe(409);
  });

  it('does not qualify a customer whom billing already gave it, on any of their properties', async () => {
    const first = await editing.insertRecord({ property: E_CHECK });
    await billServices(first.id, 5, true);
    const second = await editing.insertRecord({ customerId: first.customerId, property: E_CHECK });
    expect(await eligibilityOf(second.id)).toMatchObject({ newCustomer: true, eChecks: true, fiveThNow: true });
    const refused = await apply(second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FIFTH_MOW_MESSAGES.alreadyReceived);
  });
});

describe('applying the 5th mow discount', () => {
  it('creates a 5th mow note, records it, and then refuses a second discount with 409', async () => {
    const { id } = await editing.insertRecord({ property: E_CHECK });
    const applied = await apply(id);
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json()).toMatchObject({
      message: FIFTH_MOW_MESSAGES.applied,
      data: { typeId: NOTE_TYPE.fifthMow, ...NOTE, customerAttributesId: id },
    });
    expect(await eligibilityOf(id)).toMatchObject({ fiveThNow: true, note: NOTE.description, qualifies: false });
    expect((await editing.historyOf(id)).at(-1)?.description).toMatch(/^Applied the 5th mow discount: /);
    const again = await apply(id, { ...NOTE, description: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FIFTH_MOW_MESSAGES.alreadyReceived);
  });

  it('answers a retry with the same Idempotency-Key with the first answer', async () => {
    const { id } = await editing.insertRecord({ property: E_CHECK });
    const first = await apply(id, NOTE, editing.headers, 'fifth-mow-retry');
    const retry = await apply(id, NOTE, editing.headers, 'fifth-mow-retry');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.id).toBe(first.json().data.id);
  });

  it("checks the note's fields as a note's: date and hour required, 3 characters at least", async () => {
    const { id } = await editing.insertRecord({ property: E_CHECK });
    const response = await apply(id, { serviceDate: '', serviceHour: '', description: 'ab' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      serviceDate: ['Field is required'],
      serviceHour: ['Field is required'],
      description: ['Minimum 3 characters'],
    });
  });

  it('is the only way to a 5th mow note: the notes route refuses the type', async () => {
    const { id } = await editing.insertRecord({ property: E_CHECK });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${id}/notes`,
      headers: editing.headers,
      payload: { ...NOTE, typeId: NOTE_TYPE.fifthMow },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ typeId: [FIFTH_MOW_MESSAGES.applyInDialog] });
  });
});

describe('the pop-up on opening a record', () => {
  it('lists the pending declined-card billing notes and the 5th mow notes, and nothing else', async () => {
    const { id } = await editing.insertRecord({ property: E_CHECK });
    const note = (values: Partial<typeof notes.$inferInsert>) =>
      t.db
        .insert(notes)
        .values({ propertyId: id, typeId: 1, serviceDate: '2027-05-03', serviceHour: '09:00', ...values });
    await note({ typeId: NOTE_TYPE.billing, reason: 'Card declined', status: 1, description: 'Call about the card' });
    await note({ typeId: NOTE_TYPE.billing, reason: 'Card declined', status: 2, description: 'Settled' });
    await note({ typeId: NOTE_TYPE.billing, reason: 'Refund', status: 1, description: 'Refund one mow' });
    await note({ typeId: NOTE_TYPE.specialRequest, description: 'Skip the back yard' });
    expect((await apply(id)).statusCode).toBe(201);
    const response = await t.app.inject({
      url: `/api/customers/${id}/special-request-popup`,
      headers: editing.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: SpecialRequestPopup }>().data).toEqual({
      ccDeclineSpecial: [{ serviceDate: '2027-05-03', description: 'Call about the card' }],
      fifthMowSpecial: [{ serviceDate: NOTE.serviceDate, description: NOTE.description }],
    });
  });

  it('is empty for a record without them', async () => {
    const { id } = await editing.insertRecord();
    const response = await t.app.inject({
      url: `/api/customers/${id}/special-request-popup`,
      headers: editing.headers,
    });
    expect(response.json().data).toEqual({ ccDeclineSpecial: [], fifthMowSpecial: [] });
  });
});

describe('who may call', () => {
  let others: { authorization: string }[];
  beforeAll(async () => {
    others = [
      await t.authHeaders(await t.createUser({ role: 'crew', crewNumber: 2 })),
      await t.authHeaders(await t.createUser({ role: 'customers' })),
    ];
  });

  it('refuses crews and customers', async () => {
    const { id } = await editing.insertRecord({ property: E_CHECK });
    for (const headers of others) {
      expect((await t.app.inject({ url: `/api/customers/${id}/fiveMow`, headers })).statusCode).toBe(403);
      expect((await apply(id, NOTE, headers)).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/customers/${id}/special-request-popup`, headers })).statusCode).toBe(403);
    }
    expect(await eligibilityOf(id)).toMatchObject({ fiveThNow: false });
  });
});
